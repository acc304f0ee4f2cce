import { z } from "zod";

/** PRIVATE or CORPORATE: a sandbox customer's type, an SCA's chosen context, PSU-Context. @see docs/interface/sandbox-operations.md#sandbox-customer, docs/interface/redirect-parameters.md#redirect-parameters-and-events */
export const psuContextSchema = z.enum(["PRIVATE", "CORPORATE"]).describe("PRIVATE or CORPORATE");

export type PsuContext = z.output<typeof psuContextSchema>;
