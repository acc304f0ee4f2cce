import { BankError } from "../../errors";
import { isRecord } from "../../../psd2/validation/is-record";

/**
 * The body of an operation that takes none (POST .../authorisations): absent, or `{}`.
 *
 * @see supplement.md §2 ("empty body")
 */
export function readEmptyBody(body: unknown): void {
  if (body === undefined || (isRecord(body) && Object.keys(body).length === 0)) return;
  throw new BankError("FORMAT_ERROR", "The request body must be empty (or {}): this operation takes no input");
}
