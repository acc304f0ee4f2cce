/** See format-bank-log.mjs. */
export function createBankLogFormatter(): (line: string) => string | undefined;
