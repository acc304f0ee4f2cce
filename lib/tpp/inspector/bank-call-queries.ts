import "server-only";
import { z } from "zod";
import { getTppRuntime } from "../runtime";
import type { BankCallFilter, BankCallPage, BankCallRecord } from "./bank-calls-repository";
import { buildCurlCommand } from "./build-curl-command";
import { explainSignature, type SignatureExplanation } from "./explain-signature";

/** One call for the inspector's detail page: everything kept, the signature explained, and a curl. */
export interface BankCallDetail extends BankCallRecord {
  readonly signature: SignatureExplanation | undefined;
  readonly curl: string;
}

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value === "" ? undefined : value));
const optionalNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    .optional()
    .catch(undefined);

/** The inspector's filters as they come in a page's query (all strings): unknown or bad values are dropped. */
const filterQuerySchema = z.object({
  method: z.enum(["GET", "POST", "PUT", "DELETE"]).optional().catch(undefined),
  path: optionalText.catch(undefined),
  statusFrom: optionalNumber(100, 599),
  statusTo: optionalNumber(100, 599),
  /** "none": calls that got no reply. */
  status: z.enum(["none", "2xx", "3xx", "4xx", "5xx"]).optional().catch(undefined),
  text: optionalText.catch(undefined),
  before: optionalNumber(1, Number.MAX_SAFE_INTEGER),
  limit: optionalNumber(1, 200),
});

/** Reads the inspector's filters from a page's searchParams (user is set by the page, never by the query). */
export function parseBankCallFilter(query: Readonly<Record<string, string | string[] | undefined>>): Omit<BankCallFilter, "userId"> {
  const single = Object.fromEntries(Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
  const parsed = filterQuerySchema.parse(single);
  const range = parsed.status !== undefined && parsed.status !== "none" ? Number(parsed.status[0]) * 100 : undefined;
  const filter: { -readonly [K in keyof BankCallFilter]: BankCallFilter[K] } = {};
  if (parsed.method !== undefined) filter.method = parsed.method;
  if (parsed.path !== undefined) filter.path = parsed.path;
  if (parsed.text !== undefined) filter.text = parsed.text;
  if (parsed.before !== undefined) filter.before = parsed.before;
  if (parsed.limit !== undefined) filter.limit = parsed.limit;
  if (parsed.status === "none") filter.noReply = true;
  const from = range ?? parsed.statusFrom;
  const to = range === undefined ? parsed.statusTo : range + 99;
  if (from !== undefined) filter.statusFrom = from;
  if (to !== undefined) filter.statusTo = to;
  return filter;
}

/** A page of recorded bank calls, newest first (filter by user to show a user only their own). */
export async function listBankCalls(filter: BankCallFilter): Promise<BankCallPage> {
  const { bankCalls } = await getTppRuntime();
  return bankCalls.list(filter);
}

/** One recorded call with its signature explained and a copy-as-curl command; undefined when unknown (or another user's). */
export async function getBankCallDetail(id: number, options: { userId?: string } = {}): Promise<BankCallDetail | undefined> {
  const { bankCalls } = await getTppRuntime();
  const record = await bankCalls.get(id, options);
  if (record === undefined) return undefined;
  return {
    ...record,
    signature: explainSignature(record.requestHeaders),
    curl: buildCurlCommand({ method: record.method, url: record.url, headers: record.requestHeaders, body: record.requestBody }),
  };
}
