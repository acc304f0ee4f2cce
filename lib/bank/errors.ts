import { httpStatusOf, type Psd2ErrorCode } from "../psd2/errors/error-codes";
import type { Links } from "../psd2/schemas/links";
import { clampMessageText } from "../psd2/validation/quote-for-message";

/** A tppMessage as the bank writes it: its code is always one of the interface's. */
export type BankTppMessage = {
  category: "ERROR" | "WARNING";
  code: Psd2ErrorCode;
  path?: string;
  text: string;
};

export type BankErrorOptions = {
  /** The field, parameter or header the error is about, e.g. `[0].debtorAccount`. */
  path?: string;
  /** The HTTP status; by default the code's own (docs/interface/errors.md#statuses-by-code). */
  status?: number;
  /** Links of the error reply, e.g. scaRedirect on a 401 that SCA can cure. */
  links?: Links;
  /** Text for the PSU (at most 512 characters). */
  psuMessage?: string;
  /** Further messages of the same reply (e.g. every invalid field of a body), after the first. */
  more?: readonly BankTppMessage[];
};

/**
 * The one error type of the sandbox bank: a code of the interface, an English text (at most
 * 512 characters) saying what is wrong and where, and the path of the field it is about. One
 * error handler turns it into a tppMessages body.
 *
 * @see docs/interface/errors.md#statuses-by-code
 */
export class BankError extends Error {
  readonly code: Psd2ErrorCode;
  readonly path: string | undefined;
  readonly status: number;
  readonly links: Links | undefined;
  readonly psuMessage: string | undefined;
  readonly more: readonly BankTppMessage[];

  constructor(code: Psd2ErrorCode, text: string, options: BankErrorOptions = {}) {
    super(text);
    this.name = "BankError";
    this.code = code;
    this.path = options.path;
    this.status = options.status ?? httpStatusOf(code);
    this.links = options.links;
    this.psuMessage = options.psuMessage;
    this.more = options.more ?? [];
  }

  /** An error reply made of several messages (e.g. one per invalid field), the first leading. */
  static fromMessages(messages: readonly BankTppMessage[], options: Omit<BankErrorOptions, "path" | "more"> = {}): BankError {
    const [first, ...rest] = messages;
    if (!first) return new BankError("BAD_REQUEST", "the request is malformed", options);
    return new BankError(first.code, first.text, { ...options, path: first.path, more: rest });
  }

  /** The messages of the reply, each text at most 512 characters (cut if a message is longer). */
  get tppMessages(): BankTppMessage[] {
    const first: BankTppMessage = { category: "ERROR", code: this.code, text: this.message };
    if (this.path !== undefined) first.path = this.path;
    return [first, ...this.more].map((message) => ({ ...message, text: clampMessageText(message.text) }));
  }

  /** The reply body: `{tppMessages, _links?, psuMessage?}`. @see docs/interface/errors.md#statuses-by-code */
  toBody(): { tppMessages: BankTppMessage[]; _links?: Links; psuMessage?: string } {
    return {
      tppMessages: this.tppMessages,
      ...(this.links ? { _links: this.links } : {}),
      ...(this.psuMessage ? { psuMessage: clampMessageText(this.psuMessage) } : {}),
    };
  }
}
