/**
 * Ids that leave the bank (resourceId, transactionId, customerId, ...): opaque URL-safe strings
 * of 16 bytes in base64url (22 characters), never sequence numbers (docs/interface/conventions.md#wire-conventions).
 *
 * The initial sandbox dataset uses deterministic ids derived from a label such as
 * `account:13039319955:1`, so that every initialisation gives the same ids: TPP developers keep
 * them in their tests, and the psu-ids that reference the initial customers survive a reset.
 * Both kinds look alike, so nothing tells a TPP which is which.
 */
import { createHash, randomBytes } from "node:crypto";

const ID_BYTES = 16;

/** A new random id. */
export function createRandomId(): string {
  return randomBytes(ID_BYTES).toString("base64url");
}

/** The id of a label: the first 16 bytes of its SHA-256, in base64url; the same label, the same id. */
export function createDeterministicId(label: string): string {
  return createHash("sha256").update(label, "utf8").digest().subarray(0, ID_BYTES).toString("base64url");
}
