import { z } from "zod";

/** Payment transactionStatus values. @see docs/interface/states.md#states-and-transitions */
export const TRANSACTION_STATUSES = ["ACCP", "ACSC", "ACSP", "ACTC", "ACWC", "ACWP", "RCVD", "PDNG", "RJCT", "CANC", "PART"] as const;

/** Signing basket transactionStatus values. @see docs/interface/states.md#states-and-transitions */
export const BASKET_TRANSACTION_STATUSES = ["RCVD", "ACTC", "PATC", "RJCT"] as const;

/** @see docs/interface/states.md#states-and-transitions */
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.output<typeof transactionStatusSchema>;

/** @see docs/interface/states.md#states-and-transitions */
export const basketTransactionStatusSchema = z.enum(BASKET_TRANSACTION_STATUSES);
export type BasketTransactionStatus = z.output<typeof basketTransactionStatusSchema>;
