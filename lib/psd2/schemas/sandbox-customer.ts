import { z } from "zod";
import { psuContextSchema } from "./psu-context";
import { linkSchema } from "./links";
import { text } from "./zod-checks";

/**
 * A sandbox customer (reply of GET /v1/sandbox/customers/{customerId} and of its creation).
 * customerNumber is the mocked national identity number used to log in at the sandbox SCA.
 *
 * @see psd2-interface.md "Sandbox customer"; supplement.md §11
 */
export const sandboxCustomerSchema = z.looseObject({
  customerId: z.string(),
  customerNumber: z.string(),
  customerType: psuContextSchema,
  customerName: z.string(),
  agreements: z.array(z.looseObject({ id: z.string(), name: z.string(), engagements: z.array(z.string()) })),
  accounts: z.array(z.string()),
  cardAccounts: z.array(z.string()),
  _links: z.object({ self: linkSchema }).catchall(linkSchema),
});

export type SandboxCustomer = z.output<typeof sandboxCustomerSchema>;

/** The body of POST /v1/sandbox/customers. Unknown fields are rejected. @see supplement.md §11 */
export const sandboxCustomerRequestSchema = z.strictObject({
  customerNumber: text(),
  customerName: text(),
  customerType: psuContextSchema,
});

export type SandboxCustomerRequest = z.output<typeof sandboxCustomerRequestSchema>;
