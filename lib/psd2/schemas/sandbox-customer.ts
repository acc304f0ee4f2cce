import { z } from "zod";
import { psuContextSchema } from "./psu-context";
import { linkSchema } from "./links";
import { text } from "./zod-checks";

/**
 * A sandbox customer (reply of GET /v1/sandbox/customers/{customerId} and of its creation).
 * customerNumber is the mocked national identity number used to log in at the sandbox SCA.
 *
 * @see docs/interface/sandbox-operations.md#sandbox-customer; docs/interface/sandbox-operations.md#sandbox-operations
 */
export const sandboxCustomerSchema = z.looseObject({
  customerId: z.string().describe("The customer's id, used in the paths of its endpoints"),
  customerNumber: z.string().describe("A mocked national identity number (11 digits): the PSU logs in with it at the sandbox SCA"),
  customerType: psuContextSchema.describe("PRIVATE or CORPORATE"),
  customerName: z.string().describe("The customer's name"),
  agreements: z
    .array(
      z.looseObject({
        id: z.string().describe("The agreement's id"),
        name: z.string().describe("The agreement's name"),
        engagements: z.array(z.string()).describe("The resourceIds of the agreement's accounts"),
      }),
    )
    .describe("The customer's corporate agreements"),
  accounts: z.array(z.string()).describe("The resourceIds of the customer's accounts"),
  cardAccounts: z.array(z.string()).describe("The resourceIds of the customer's card accounts"),
  _links: z
    .object({ self: linkSchema.describe("The customer itself") })
    .catchall(linkSchema)
    .describe("self: the customer itself"),
});

export type SandboxCustomer = z.output<typeof sandboxCustomerSchema>;

/** The body of POST /v1/sandbox/customers. Unknown fields are rejected. @see docs/interface/sandbox-operations.md#sandbox-operations */
export const sandboxCustomerRequestSchema = z.strictObject({
  customerNumber: text().describe("A mocked national identity number (11 digits): the PSU logs in with it at the sandbox SCA"),
  customerName: text().describe("The customer's name"),
  customerType: psuContextSchema.describe("PRIVATE or CORPORATE"),
});
