import type { FastifyInstance } from "fastify";
import type { OperationPolicy } from "../operation";
import type { OperationDocs } from "./operation-docs";

/** A route of the /v1 scope as registered: what /openapi.json and /docs are built from. */
export type RegisteredOperation = {
  method: string;
  /** The full path as Fastify knows it, e.g. `/v1/accounts/:accountId`. */
  url: string;
  docs: OperationDocs | undefined;
  operation: OperationPolicy | undefined;
};

/**
 * Records every route registered in a scope from now on (its child plugins included), with its
 * `config.docs` and `config.operation`. Fastify's own HEAD twins of GET routes are left out.
 * Call it before the scope's routes register; they are pushed onto `operations`.
 */
export function collectOperations(scope: FastifyInstance, operations: RegisteredOperation[] = []): RegisteredOperation[] {
  scope.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD" && isHeadTwin(operations, route.url)) continue;
      operations.push({ method, url: route.url, docs: route.config?.docs, operation: route.config?.operation });
    }
  });
  return operations;
}

function isHeadTwin(operations: readonly RegisteredOperation[], url: string): boolean {
  return operations.some((operation) => operation.method === "GET" && operation.url === url);
}
