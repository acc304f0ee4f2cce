import type { z } from "zod";

/**
 * What /openapi.json says of one /v1 operation. Every /v1 route declares it in its
 * `config.docs`; the OpenAPI description is built from the routes themselves, so it cannot
 * miss one (a test checks that every /v1 route has docs).
 */
export type OperationDocs = {
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** Headers beyond the signature's own (X-Request-ID, Digest, Signature, TPP-Signature-Certificate). */
  headers?: readonly { name: string; required: boolean; description: string }[];
  body?: z.ZodType;
  responses: Readonly<Record<number, { description: string; schema?: z.ZodType }>>;
};

declare module "fastify" {
  interface FastifyContextConfig {
    docs?: OperationDocs;
  }
}

export type ResponseDoc = { description: string; schema?: z.ZodType };

/** An operation's error replies, picked by status from the descriptions of its family of operations. */
export function errorReplies<Family extends Readonly<Record<number, ResponseDoc>>, Status extends keyof Family & number>(
  family: Family,
  ...statuses: Status[]
): { [S in Status]: Family[S] } {
  return Object.fromEntries(statuses.map((status) => [status, family[status]])) as { [S in Status]: Family[S] };
}
