/**
 * ASPSP_TIMEOUT_MS: the longest one attempt of a call to the bank may take, from sending the
 * request to the last octet of the reply. A bank slower than this is ASPSP_TIMEOUT, and the PSU's
 * page says so instead of waiting on.
 */
export const DEFAULT_ASPSP_TIMEOUT_MS = 10_000;
export const MIN_ASPSP_TIMEOUT_MS = 1_000;
export const MAX_ASPSP_TIMEOUT_MS = 120_000;
