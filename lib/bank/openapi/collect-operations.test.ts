import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { ANY_TPP_ROLES } from "../operation";
import { collectOperations, requireOperationPolicies, type RegisteredOperation } from "./collect-operations";

/** A /v1 scope as buildBank makes it: its routes collected, then every one required to carry its policy. */
async function startScope(register: (scope: ReturnType<typeof Fastify>) => void): Promise<RegisteredOperation[]> {
  const app = Fastify();
  const operations: RegisteredOperation[] = [];
  await app.register(
    async (v1) => {
      collectOperations(v1, operations);
      await v1.register(async (routes) => register(routes));
      requireOperationPolicies(operations);
    },
    { prefix: "/v1" },
  );
  try {
    await app.ready();
  } finally {
    await app.close();
  }
  return operations;
}

describe("every /v1 route carries its operation policy", () => {
  it("starts when each route names its roles, and collects each route once (no HEAD twin)", async () => {
    const operations = await startScope((routes) => {
      routes.get("/things", { config: { operation: { roles: ANY_TPP_ROLES } } }, async () => ({}));
      routes.post("/things", { config: { operation: { roles: ANY_TPP_ROLES, requiredHeaders: ["PSU-ID"] } } }, async () => ({}));
    });
    expect(operations.map((operation) => `${operation.method} ${operation.url}`)).toEqual(["GET /v1/things", "POST /v1/things"]);
  });

  it("does not start with a route that has none, naming the route", async () => {
    await expect(
      startScope((routes) => {
        routes.get("/things", { config: { operation: { roles: ANY_TPP_ROLES } } }, async () => ({}));
        routes.delete("/things/:thingId", async () => ({}));
      }),
    ).rejects.toThrow("Every /v1 route needs config.operation (its PSD2 roles); missing on DELETE /v1/things/:thingId");
  });
});
