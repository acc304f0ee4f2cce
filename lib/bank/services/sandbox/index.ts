// The sandbox data operations (supplement §11): one function per operation, taking the database
// (or a transaction), the sandbox clock where time matters, path ids and the raw body or query;
// each validates its input and throws BankError on what is wrong.
export { buildSandboxDataset, HISTORY_MONTHS, initialIds, type SandboxDataset } from "./build-sandbox-dataset";
export type { Clock } from "./clock";
export { createSandboxAccount } from "./create-sandbox-account";
export { createSandboxAccountTransactions, type CreatedSandboxTransactions } from "./create-sandbox-account-transactions";
export { createSandboxAgreement } from "./create-sandbox-agreement";
export { createSandboxCardAccount } from "./create-sandbox-card-account";
export { createSandboxCardTransactions, type CreatedSandboxCardTransactions } from "./create-sandbox-card-transactions";
export { createSandboxCustomer } from "./create-sandbox-customer";
export { getSandboxCustomer } from "./get-sandbox-customer";
export { ensureSandboxData, initializeSandbox, type SandboxInitialisation } from "./initialize-sandbox";
export { DEFAULT_PAGE_SIZE, listSandboxCardTransactions } from "./list-sandbox-card-transactions";
export { listSandboxCustomers } from "./list-sandbox-customers";
export { SANDBOX_BANK_CODE, SANDBOX_BANK_NAME, SANDBOX_BIC } from "./sandbox-bank";
export type {
  SandboxAccount,
  SandboxAgreement,
  SandboxCardAccount,
  SandboxCardTransaction,
  SandboxCardTransactionsResponse,
  SandboxCustomer,
  SandboxTransaction,
  WireAmount,
  WireLink,
} from "./sandbox-wire";
export { setSandboxAccountBalance, setSandboxCardAccountBalance, type SandboxBalance } from "./set-sandbox-balance";
