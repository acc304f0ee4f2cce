"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Re-renders the page's server components every `intervalSeconds` while `active` (no full
 * reload: the browser keeps its scroll and focus), paused while the tab is hidden. Renders a
 * small note saying so, for the PSU and for screen readers.
 */
export function AutoRefresh({ active, intervalSeconds = 3, what }: { active: boolean; intervalSeconds?: number; what: string }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, intervalSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [active, intervalSeconds, router]);
  if (!active) return null;
  return (
    <p className="inline-flex items-center gap-2 text-xs text-slate-500">
      <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-brand-500 motion-safe:animate-pulse" />
      {what} is read from the bank again every {intervalSeconds} seconds until it is final.
    </p>
  );
}
