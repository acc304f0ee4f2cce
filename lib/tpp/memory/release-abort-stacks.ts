/**
 * React's server renderer aborts each render's cache signal when the render is done, with an
 * Error as the reason, from inside a setImmediate callback. V8 keeps an Error's stack as frames
 * (each with its receiver) until something reads `stack`; one receiver is the Immediate the abort
 * ran on, which carries the AsyncLocalStorage store of its request (the request, the response,
 * the rendered page) and the links to the other Immediates of its batch, and so to their
 * requests. Every page view then stays reachable after its response (react/react#37288,
 * vercel/next.js#97434): 0.1 MB of heap per view, for good.
 *
 * Reading the reason's `stack` when a signal is aborted turns those frames into the string they
 * would print, and lets the request go. The stack is kept, as text.
 */
let installed = false;

export function releaseAbortReasonStacks(): void {
  if (installed) return;
  installed = true;
  const abort = AbortController.prototype.abort;
  AbortController.prototype.abort = function abortReleasingStack(this: AbortController, reason?: unknown): void {
    if (reason instanceof Error) void reason.stack;
    abort.call(this, reason);
  };
}
