import "server-only";
import type { z } from "zod";
import type { AspspCaller } from "../aspsp/aspsp-caller";
import type { AspspClient, AspspMethod } from "../aspsp/create-aspsp-client";
import { requireCurrentUser } from "../auth/get-current-user";
import { getTppConfig } from "../config";
import { TppError } from "../errors";
import { getAspspConnection } from "../runtime";
import { sandboxCallerOf } from "./sandbox-caller";
import type { SandboxReply } from "./sandbox-reply";

/**
 * What a sandbox operation needs: the signed client and who asks. Sandbox operations are made for
 * nobody in particular at the bank: the caller names the app user (so that the request inspector
 * shows the call to them) and their TPP-Redirect-Preferred, and carries no PSU-ID, session or
 * PSU-* headers (sandbox-caller.ts).
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export interface SandboxContext {
  readonly client: AspspClient;
  readonly caller: AspspCaller;
}

/** Whether the app runs against a sandbox (ASPSP_ENVIRONMENT=sandbox): production has no sandbox operations. */
export function isSandboxEnvironment(): boolean {
  return getTppConfig().environment === "sandbox";
}

/** Throws unless the app runs in the sandbox: production has none of docs/interface/sandbox-operations.md#sandbox-operations. */
export function requireSandboxEnvironment(): void {
  if (!isSandboxEnvironment()) {
    throw new TppError("CONFIG_INVALID", "ASPSP_ENVIRONMENT is production: the sandbox operations exist in the sandbox only", {
      variable: "ASPSP_ENVIRONMENT",
    });
  }
}

/**
 * The context of the signed-in user's sandbox operations (in production a CONFIG_INVALID
 * TppError before anything else; without a signed-in user a redirect to the sign-in page).
 */
export async function getSandboxContext(returnTo = "/sandbox"): Promise<SandboxContext> {
  requireSandboxEnvironment();
  const user = await requireCurrentUser(returnTo);
  const connection = await getAspspConnection();
  return { client: connection.client, caller: sandboxCallerOf(user) };
}

/** One sandbox call through the signed client, its reply kept whole for the control room. */
export async function sendSandboxRequest<S extends z.ZodType>(
  ctx: SandboxContext,
  call: {
    readonly method: Extract<AspspMethod, "GET" | "POST" | "PUT">;
    readonly path: string;
    readonly body?: unknown;
    readonly schema: S;
  },
): Promise<SandboxReply<z.output<S>>> {
  const reply = await ctx.client.fetch({
    method: call.method,
    path: call.path,
    ...(call.body === undefined ? {} : { body: call.body }),
    schema: call.schema,
    caller: ctx.caller,
  });
  return {
    method: call.method,
    path: call.path,
    status: reply.status,
    requestId: reply.requestId,
    location: reply.location,
    body: reply.value,
  };
}

/** A path segment of an id, encoded. */
export function idSegment(id: string): string {
  return encodeURIComponent(id);
}
