import { toDatabaseUnavailable } from "./db/database-unavailable";
import { AspspError, TppError, type TppErrorCode } from "./errors";

/** An error as a page shows it: plain words, the bank's tppMessages and psuMessage; never a stack. */
export interface ErrorDisplay {
  readonly title: string;
  readonly summary: string;
  /** The bank's HTTP status, when the bank answered. */
  readonly status: number | undefined;
  readonly tppMessages: readonly {
    readonly category: string;
    readonly code: string;
    readonly path: string | undefined;
    readonly text: string | undefined;
  }[];
  /** The bank's text for the PSU, shown as the bank wrote it. */
  readonly psuMessage: string | undefined;
  /** X-Request-ID of the call, to find it in the request inspector. */
  readonly requestId: string | undefined;
  /** The TPP core's code (ASPSP_ERROR for the bank's own replies). */
  readonly code: TppErrorCode;
}

/** What to do after a call whose outcome at the bank is unknown. */
const CHECK_THEN_RETRY = "Try again in a moment; if you were making a payment, look in the payment list first, as the bank may have it.";

const BY_STATUS: readonly { test: (status: number) => boolean; title: string; summary: string }[] = [
  {
    test: (s) => s === 401,
    title: "The bank needs a new approval",
    summary: "The bank did not accept the current approval for this request.",
  },
  {
    test: (s) => s === 403,
    title: "The bank did not allow this",
    summary: "The bank refused access: the consent may not cover this, or it was revoked.",
  },
  {
    test: (s) => s === 405,
    title: "The bank does not allow this now",
    summary:
      "The bank does not allow this in the resource's present state (for example cancelling a payment that is scheduled or finished).",
  },
  {
    test: (s) => s === 409,
    title: "The bank refused: it conflicts with what it has",
    summary: "The bank refused because of the state of what it holds: a duplicate, or something already approved or in a signing basket.",
  },
  {
    test: (s) => s === 404,
    title: "The bank does not know this",
    summary: "The bank has nothing by that id for this customer, or it is no longer shared with this app.",
  },
  { test: (s) => s === 429, title: "Too many requests", summary: "The bank's limit of requests was reached. Try again later." },
  {
    test: (s) => s >= 500,
    title: "The bank had a problem",
    summary: `Something went wrong at the bank. ${CHECK_THEN_RETRY}`,
  },
  { test: () => true, title: "The bank refused the request", summary: "The bank considered the request invalid." },
];

const BY_CODE: Partial<Record<TppErrorCode, { title: string; summary: string }>> = {
  ASPSP_UNREACHABLE: { title: "The bank could not be reached", summary: "The app could not connect to the bank. Try again in a moment." },
  ASPSP_CONNECTION_LOST: {
    title: "The connection to the bank broke",
    summary: `The request reached the bank, but the connection broke before its whole answer came. ${CHECK_THEN_RETRY}`,
  },
  ASPSP_TIMEOUT: { title: "The bank did not answer in time", summary: `The bank took too long to answer. ${CHECK_THEN_RETRY}` },
  ASPSP_RESPONSE_INVALID: {
    title: "The bank's answer could not be read",
    summary: `The bank answered with something the interface does not allow, so the app did not use it. ${CHECK_THEN_RETRY}`,
  },
  RESPONSE_SIGNATURE_INVALID: {
    title: "The bank's answer was not signed as required",
    summary: `The signature of the bank's reply could not be verified, so the app did not use it. ${CHECK_THEN_RETRY}`,
  },
  ASPSP_LINK_INVALID: { title: "A link could not be followed", summary: "A link does not lead to the bank's own interface." },
  CREDENTIALS_UNAVAILABLE: { title: "The app has no certificate", summary: "The app's signing certificate could not be obtained." },
  PSU_SESSION_MISSING: { title: "Your session is not ready", summary: "Reload the page." },
  INPUT_INVALID: { title: "That cannot be used", summary: "A value on the page is not valid." },
  DATABASE_UNAVAILABLE: {
    title: "The app's database could not be reached",
    summary: `The app could not reach its own database just now (it may be restarting), so this step was not done; nothing of it was kept half-way. ${CHECK_THEN_RETRY}`,
  },
};

/**
 * The display of an error of lib/tpp (the bank's non-2xx reply, the TPP side of a call, or the
 * app's database out of reach, also as the driver's own error); undefined for anything else, which the app's error boundary handles without details.
 * @see docs/interface/errors.md#error-codes; docs/interface/errors.md#statuses-by-code
 */
export function describeError(thrown: unknown): ErrorDisplay | undefined {
  // The driver's error of a database that went away (wrapped by Drizzle with its query) becomes the app's own.
  const error = toDatabaseUnavailable(thrown);
  if (error instanceof AspspError) {
    const words = BY_STATUS.find((entry) => entry.test(error.status)) ?? { title: "The bank refused the request", summary: "" };
    return {
      title: words.title,
      summary: words.summary,
      status: error.status,
      tppMessages: error.tppMessages.map((m) => ({ category: m.category, code: m.code, path: m.path, text: m.text })),
      psuMessage: error.psuMessage,
      requestId: error.requestId,
      code: error.code,
    };
  }
  if (error instanceof TppError) {
    const words = BY_CODE[error.code] ?? { title: "Something went wrong", summary: "" };
    return {
      title: words.title,
      summary: words.summary === "" ? error.message : `${words.summary} (${error.message})`,
      status: undefined,
      tppMessages: [],
      psuMessage: undefined,
      requestId: error.callRequestId,
      code: error.code,
    };
  }
  return undefined;
}
