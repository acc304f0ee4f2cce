"use client";

import { useState } from "react";
import { buttonStyles } from "./ui/button-styles";

/** Copies a text to the clipboard, saying so for screen readers too. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <button type="button" onClick={copy} className={buttonStyles.secondary}>
      {label}
      <span aria-live="polite" className={copied ? "text-emerald-700" : "sr-only"}>
        {copied ? "Copied" : ""}
      </span>
    </button>
  );
}
