// The wire schemas (zod) of every request and reply body, and the conversion of a failed parse
// into tppMessages. Request schemas reject unknown fields; reply schemas let them pass.
export { reportedAccountReferenceSchema, type ReportedAccountReference } from "./account-reference";
export { accountResponseSchema, accountsResponseSchema, type Account } from "./account";
export { agreementsResponseSchema } from "./agreements-response";
export { reportedAmountSchema, requestAmountSchema } from "./amount";
export { balancesResponseSchema, type Balance } from "./balances";
export { type BulkNorwegianDomesticPayment, type BulkSepaPayment } from "./bulk-payment";
export { cardAccountResponseSchema, cardAccountsResponseSchema, type CardAccount } from "./card-account";
export {
  cardTransactionsResponseSchema,
  type CardTransaction,
  type PendingCardTransaction,
  type SandboxCardTransactionsResponse,
} from "./card-transactions";
export { contactInformationRequestSchema, contactInformationResponseSchema } from "./contact-information";
export { feeInformationResponseSchema } from "./fee-information-response";
export { type Link, type Links } from "./links";
export { type NorwegianDomesticPayment } from "./norwegian-domestic-payment";
export {
  parseBulkNorwegianDomesticPayment,
  parseBulkSepaPayment,
  parseNorwegianDomesticPayment,
  parsePaymentRequest,
  parsePeriodicNorwegianDomesticPayment,
  parsePeriodicSepaPayment,
  parseSepaPayment,
} from "./parse-payment-request";
export { parseRequestBody, type ParseResult } from "./parse-request-body";
export { parseResponseBody } from "./parse-response-body";
export { paymentDetailsResponseSchema } from "./payment-details-response";
export { paymentInitiationResponseSchema } from "./payment-initiation-response";
export {
  isPaymentProduct,
  PAYMENT_PRODUCTS,
  PAYMENT_REQUEST_SCHEMAS,
  PAYMENT_SERVICES,
  type PaymentProduct,
  type PaymentService,
} from "./payment-request-schemas";
export { paymentStatusResponseSchema } from "./payment-status-response";
export { type PeriodicNorwegianDomesticPayment, type PeriodicSepaPayment } from "./periodic-payment";
export { psuContextSchema, type PsuContext } from "./psu-context";
export { failureRedirectParametersSchema, successRedirectParametersSchema, type FailureRedirectParameters } from "./redirect-parameters";
export { type RemittanceReference } from "./remittance";
export { sandboxCustomerSchema, type SandboxCustomer } from "./sandbox-customer";
export { sandboxClockMoveSchema } from "./sandbox-clock";
export {
  sandboxAccountSchema,
  sandboxAgreementSchema,
  sandboxBalanceSchema,
  sandboxBatchRunsReplySchema,
  sandboxCardAccountSchema,
  sandboxClockMoveReplySchema,
  sandboxClockStateSchema,
  sandboxCreatedCardTransactionsSchema,
  sandboxCreatedTransactionsSchema,
  sandboxCustomersSchema,
  sandboxInitialisationSchema,
  type SandboxAccount,
  type SandboxAgreement,
  type SandboxBalance,
  type SandboxBatchRunsOutcome,
  type SandboxBatchRunsReply,
  type SandboxCardAccount,
  type SandboxCardTransaction,
  type SandboxClockMoveReply,
  type SandboxClockState,
  type SandboxCreatedCardTransactions,
  type SandboxCreatedTransactions,
  type SandboxInitialisation,
  type SandboxTransaction,
} from "./sandbox-replies";
export {
  createSandboxAccountSchema,
  createSandboxAccountTransactionsSchema,
  createSandboxAgreementSchema,
  createSandboxCardAccountSchema,
  createSandboxCardTransactionsSchema,
  createSandboxCustomerSchema,
  SANDBOX_CASH_ACCOUNT_TYPES,
  setSandboxBalanceSchema,
  type CreateSandboxAccountInput,
  type CreateSandboxAgreementInput,
  type CreateSandboxCardAccountInput,
  type CreateSandboxCustomerInput,
  type SandboxAccountTransactionInput,
  type SandboxCardTransactionInput,
  type SetSandboxBalanceInput,
} from "./sandbox-requests";
export { scaRedirectResponseSchema, type ScaRedirectResponse } from "./sca-redirect-response";
export { scaStatusResponseSchema, startAuthorisationResponseSchema } from "./sca-status";
export { type SepaPayment } from "./sepa-payment";
export { signingBasketRequestSchema, type SigningBasketRequest } from "./signing-basket-request";
export {
  signingBasketDetailsResponseSchema,
  signingBasketResponseSchema,
  signingBasketStatusResponseSchema,
} from "./signing-basket-responses";
export { type ValidationTppMessage } from "./to-tpp-messages";
export { errorResponseSchema, type TppMessage } from "./tpp-message";
export {
  BASKET_TRANSACTION_STATUSES,
  TRANSACTION_STATUSES,
  type BasketTransactionStatus,
  type TransactionStatus,
} from "./transaction-status";
export { transactionDetailsResponseSchema, transactionsResponseSchema, type Transaction } from "./transactions";
export { userResponseSchema } from "./user-response";
