"use client";

import { config } from "zod/v4/core";

// The app's Content-Security-Policy never allows eval in the browser. zod compiles object schemas
// with new Function where it can, and finds out by trying: under the policy that try is refused
// and reported as a violation (the forms still work, on zod's slower path). Told up front, zod
// never tries. Only in the browser: the server has no such policy and keeps the faster path.
if (typeof window !== "undefined") config({ jitless: true });

/** Rendered once in the root layout, so that the setting above runs before any form's schema. */
export function ZodWithoutEval() {
  return null;
}
