import { randomUUID } from "node:crypto";

/**
 * A new X-Request-ID: a random UUID (RFC 4122 version 4). For the TPP's client and the CLI; the
 * signer itself never makes one.
 * @see docs/interface/header-parameters.md#headers-by-operation
 */
export function createRequestId(): string {
  return randomUUID();
}
