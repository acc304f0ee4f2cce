// The sandbox data operations (docs/interface/sandbox-operations.md#sandbox-operations): one function per operation, taking its context
// first (SandboxContext: the database or a transaction, and the sandbox clock), then path ids and
// the raw body or query; each validates its input and throws BankError on what is wrong.
export { initialIds } from "./build-sandbox-dataset";
export { createSandboxAccount } from "./create-sandbox-account";
export { createSandboxAccountTransactions } from "./create-sandbox-account-transactions";
export { createSandboxAgreement } from "./create-sandbox-agreement";
export { createSandboxCardAccount } from "./create-sandbox-card-account";
export { createSandboxCardTransactions } from "./create-sandbox-card-transactions";
export { createSandboxCustomer } from "./create-sandbox-customer";
export { getSandboxCustomer } from "./get-sandbox-customer";
export { initializeSandbox } from "./initialize-sandbox";
export { listSandboxCardTransactions } from "./list-sandbox-card-transactions";
export { listSandboxCustomers } from "./list-sandbox-customers";
export { setSandboxAccountBalance, setSandboxCardAccountBalance } from "./set-sandbox-balance";
