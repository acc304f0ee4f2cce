/**
 * Pieces shared by the sandbox operations: the empty body, and for `config.docs` their path
 * parameters and error replies, described once. Their request and reply schemas are lib/psd2's
 * (lib/psd2/schemas/sandbox-*.ts), shared with the TPP; the services build the replies
 * (lib/bank/services/sandbox/sandbox-wire.ts).
 */
import { z } from "zod";
import { sandboxCardTransactionsQuerySchema } from "../../../psd2/schemas/sandbox-requests";
import { errorResponseSchema } from "../../../psd2/schemas/tpp-message";
import { requiredParameter } from "../../plugins/route-validation";

/** A body that must be absent or `{}`: the operation takes no input. */
export const noBodySchema = z.strictObject({}).optional();

export const SANDBOX_DATA_TAG = "Sandbox data";
export const SANDBOX_CLOCK_TAG = "Sandbox clock and batch runs";

export const customerIdParams = z.object({ customerId: z.string().describe("The customer's customerId") });
export const accountIdParams = z.object({ mockAccountId: z.string().describe("The account's resourceId (a sandbox account)") });
export const cardAccountIdParams = z.object({
  mockCardAccountId: z.string().describe("The card account's resourceId (a sandbox card account)"),
});

/**
 * The query of the sandbox card transaction listing: lib/psd2's, whose output the service takes;
 * a missing bookingStatus is QUERY_PARAMETER_REQUIRED saying what it takes (on a copy of the
 * field, so that the text stays this route's).
 */
export const sandboxCardTransactionsQuery = sandboxCardTransactionsQuerySchema.extend({
  bookingStatus: requiredParameter(
    sandboxCardTransactionsQuerySchema.shape.bookingStatus.describe("Required: booked, pending or both"),
    "the query parameter bookingStatus is required: booked, pending or both",
  ),
});

export const SANDBOX_ERRORS = {
  400: {
    description:
      "FORMAT_ERROR naming the field (path), QUERY_PARAMETER_REQUIRED, HTTP_HEADER_REQUIRED, or a signature or certificate failure",
    schema: errorResponseSchema,
  },
  403: { description: "FORBIDDEN: the certificate has neither PSP_AI nor PSP_PI", schema: errorResponseSchema },
  404: { description: "RESOURCE_UNKNOWN: the id in the path is unknown", schema: errorResponseSchema },
  409: { description: "CONFLICT: the customerNumber belongs to another customer", schema: errorResponseSchema },
} as const;
