import type { FastifyInstance } from "fastify";
import type { OperationPolicy } from "../operation";

/** A route of the /v1 scope as registered. */
export type RegisteredOperation = {
  method: string;
  /** The full path as Fastify knows it, e.g. `/v1/accounts/:accountId`. */
  url: string;
  operation: OperationPolicy | undefined;
};

/**
 * Records every route registered in a scope from now on (its child plugins included), with its
 * `config.operation`. Fastify's own HEAD twins of GET routes are left out. Call it before the
 * scope's routes register; they are pushed onto `operations`.
 */
export function collectOperations(scope: FastifyInstance, operations: RegisteredOperation[] = []): RegisteredOperation[] {
  scope.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD" && isHeadTwin(operations, route.url)) continue;
      operations.push({ method, url: route.url, operation: route.config?.operation });
    }
  });
  return operations;
}

function isHeadTwin(operations: readonly RegisteredOperation[], url: string): boolean {
  return operations.some((operation) => operation.method === "GET" && operation.url === url);
}

/**
 * Every /v1 operation names the PSD2 roles that may call it (and the headers it requires): the
 * security gate refuses a route without, and the bank does not start with one.
 *
 * @see docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/certificates.md#certificates-and-tpp-registration
 */
export function requireOperationPolicies(operations: readonly RegisteredOperation[]): void {
  const missing = operations.filter((operation) => !operation.operation).map((operation) => `${operation.method} ${operation.url}`);
  if (missing.length > 0) throw new Error(`Every /v1 route needs config.operation (its PSD2 roles); missing on ${missing.join(", ")}`);
}
