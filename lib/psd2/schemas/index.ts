// The wire schemas (zod) of every request and reply body, and the conversion of a failed parse
// into tppMessages. Request schemas reject unknown fields; reply schemas let them pass.
export { reportedAccountReferenceSchema, type ReportedAccountReference } from "./account-reference";
export {
  ACCOUNT_STATUSES,
  ACCOUNT_USAGES,
  accountResponseSchema,
  accountSchema,
  accountsResponseSchema,
  type Account,
  type AccountResponse,
  type AccountsResponse,
} from "./account";
export { reportedAddressSchema, requestAddressSchema, type RequestAddress } from "./address";
export { agreementsResponseSchema, type AgreementsResponse } from "./agreements-response";
export { cardAmountSchema, reportedAmountSchema, requestAmountSchema, type ReportedAmount, type RequestAmount } from "./amount";
export { BALANCE_TYPES, balanceSchema, balancesResponseSchema, type Balance, type BalancesResponse } from "./balances";
export {
  bulkNorwegianDomesticPaymentSchema,
  bulkSepaPaymentSchema,
  type BulkNorwegianDomesticPayment,
  type BulkSepaPayment,
} from "./bulk-payment";
export {
  cardAccountResponseSchema,
  cardAccountSchema,
  cardAccountsResponseSchema,
  type CardAccount,
  type CardAccountResponse,
  type CardAccountsResponse,
} from "./card-account";
export {
  cardTransactionSchema,
  cardTransactionsResponseSchema,
  pendingCardTransactionSchema,
  sandboxCardTransactionsResponseSchema,
  type CardTransaction,
  type CardTransactionsResponse,
  type PendingCardTransaction,
  type SandboxCardTransactionsResponse,
} from "./card-transactions";
export {
  contactInformationRequestSchema,
  contactInformationResponseSchema,
  type ContactInformationRequest,
  type ContactInformationResponse,
} from "./contact-information";
export { feeInformationResponseSchema, type FeeInformationResponse } from "./fee-information-response";
export {
  bicSchema,
  countryCodeSchema,
  currencyCodeSchema,
  ibanSchema,
  isoDateSchema,
  isoDateTimeSchema,
  norwegianBbanSchema,
} from "./fields";
export { LINK_VERBS, linkSchema, linksSchema, scaRedirectLinksSchema, type Link, type Links } from "./links";
export {
  cardAccountReferenceSchema,
  instantPaymentSchema,
  norwegianDebtorAccountSchema,
  norwegianDomesticPaymentSchema,
  type InstantPayment,
  type NorwegianDomesticPayment,
} from "./norwegian-domestic-payment";
export {
  parseBulkNorwegianDomesticPayment,
  parseBulkSepaPayment,
  parseInstantPayment,
  parseNorwegianDomesticPayment,
  parsePaymentRequest,
  parsePeriodicNorwegianDomesticPayment,
  parsePeriodicSepaPayment,
  parseSepaPayment,
  type PaymentRequestContext,
} from "./parse-payment-request";
export { parseRequestBody, type ParseResult } from "./parse-request-body";
export { parseResponseBody, type ResponseParseResult } from "./parse-response-body";
export { paymentDetailsResponseSchema, type PaymentDetailsResponse } from "./payment-details-response";
export { paymentInitiationResponseSchema, type PaymentInitiationResponse } from "./payment-initiation-response";
export {
  isPaymentProduct,
  isPaymentService,
  PAYMENT_PRODUCTS,
  PAYMENT_REQUEST_SCHEMAS,
  PAYMENT_SERVICES,
  type PaymentProduct,
  type PaymentRequest,
  type PaymentService,
} from "./payment-request-schemas";
export { paymentStatusResponseSchema, type PaymentStatusResponse } from "./payment-status-response";
export {
  periodicNorwegianDomesticPaymentSchema,
  periodicSepaPaymentSchema,
  type PeriodicNorwegianDomesticPayment,
  type PeriodicSepaPayment,
} from "./periodic-payment";
export { psuContextSchema, type PsuContext } from "./psu-context";
export {
  failureRedirectParametersSchema,
  successRedirectParametersSchema,
  type FailureRedirectParameters,
  type SuccessRedirectParameters,
} from "./redirect-parameters";
export { remittanceReferenceArraySchema, remittanceReferenceSchema, type RemittanceReference } from "./remittance";
export { sandboxCustomerRequestSchema, sandboxCustomerSchema, type SandboxCustomer, type SandboxCustomerRequest } from "./sandbox-customer";
export { MAX_SANDBOX_CLOCK_ADVANCE_DAYS, sandboxClockMoveSchema, type SandboxClockMoveInput } from "./sandbox-clock";
export { parseIsoDuration } from "./sandbox-duration";
export { isValidOrganisationNumber } from "./sandbox-organisation-number";
export {
  sandboxAccountSchema,
  sandboxAgreementSchema,
  sandboxBalanceSchema,
  sandboxBatchRunsOutcomeSchema,
  sandboxBatchRunsReplySchema,
  sandboxCardAccountSchema,
  sandboxCardTransactionSchema,
  sandboxClockMoveReplySchema,
  sandboxClockStateSchema,
  sandboxCreatedCardTransactionsSchema,
  sandboxCreatedTransactionsSchema,
  sandboxCustomersSchema,
  sandboxInitialisationSchema,
  sandboxTransactionSchema,
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
  MAX_SANDBOX_TRANSACTIONS_PER_REQUEST,
  SANDBOX_CASH_ACCOUNT_TYPES,
  sandboxCardTransactionsQuerySchema,
  setSandboxBalanceSchema,
  type CreateSandboxAccountInput,
  type CreateSandboxAccountTransactionsInput,
  type CreateSandboxAgreementInput,
  type CreateSandboxCardAccountInput,
  type CreateSandboxCardTransactionsInput,
  type CreateSandboxCustomerInput,
  type SandboxAccountTransactionInput,
  type SandboxCardTransactionInput,
  type SandboxCardTransactionsQuery,
  type SandboxPartyAccountInput,
  type SetSandboxBalanceInput,
} from "./sandbox-requests";
export { scaRedirectResponseSchema, type ScaRedirectResponse } from "./sca-redirect-response";
export {
  SCA_STATUSES,
  scaStatusResponseSchema,
  startAuthorisationResponseSchema,
  type ScaStatusResponse,
  type StartAuthorisationResponse,
} from "./sca-status";
export { ibanAccountSchema, sepaPaymentSchema, type SepaPayment } from "./sepa-payment";
export { signingBasketRequestSchema, type SigningBasketRequest } from "./signing-basket-request";
export {
  signingBasketDetailsResponseSchema,
  signingBasketResponseSchema,
  signingBasketStatusResponseSchema,
  type SigningBasketDetailsResponse,
  type SigningBasketResponse,
  type SigningBasketStatusResponse,
} from "./signing-basket-responses";
export { createTppMessage, toTppMessages, type ValidationTppMessage } from "./to-tpp-messages";
export { errorResponseSchema, psuMessageSchema, tppMessageSchema, type ErrorResponse, type TppMessage } from "./tpp-message";
export {
  BASKET_TRANSACTION_STATUSES,
  basketTransactionStatusSchema,
  TRANSACTION_STATUSES,
  transactionStatusSchema,
  type BasketTransactionStatus,
  type TransactionStatus,
} from "./transaction-status";
export {
  transactionDetailsResponseSchema,
  transactionSchema,
  transactionsResponseSchema,
  type Transaction,
  type TransactionDetailsResponse,
  type TransactionsResponse,
} from "./transactions";
export { userResponseSchema, type UserResponse } from "./user-response";
