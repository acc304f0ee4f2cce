import type { FastifyReply } from "fastify";

/** A 201 with the new resource's address and the SCA approach (docs/interface/conventions.md#wire-conventions). */
export function sendCreated<T>(reply: FastifyReply, location: string, body: T): FastifyReply {
  return reply.status(201).header("Location", location).header("ASPSP-SCA-Approach", "REDIRECT").send(body);
}
