import { z } from "zod";

/** PRIVATE or CORPORATE: a sandbox customer's type, an SCA's chosen context, PSU-Context. @see psd2-interface.md "Sandbox customer", "Redirect parameters" */
export const psuContextSchema = z.enum(["PRIVATE", "CORPORATE"]).describe("PRIVATE or CORPORATE");

export type PsuContext = z.output<typeof psuContextSchema>;
