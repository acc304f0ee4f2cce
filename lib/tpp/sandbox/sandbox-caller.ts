import type { AspspCaller } from "../aspsp/aspsp-caller";

/**
 * Who a user's sandbox operations are made for: the app user (the request inspector shows the
 * call to them) and the TPP-Redirect-Preferred they chose, as on every call the app makes; no
 * PSU-ID, session or PSU-* headers (the sandbox operations are for nobody at the bank).
 * @see docs/interface/authentication.md#biometric-flow; docs/interface/sandbox-operations.md#sandbox-operations
 */
export function sandboxCallerOf(user: { readonly id: string; readonly redirectPreferred: boolean }): AspspCaller {
  return { userId: user.id, redirectPreferred: user.redirectPreferred };
}
