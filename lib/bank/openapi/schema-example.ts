/**
 * An example value for a JSON Schema, for the API reference: the schema's own example (examples,
 * default, const, the first enum value) where it gives one, else a value of its type and format
 * (a field's name picks a telling one for amounts, currencies, account numbers and dates).
 */
export type JsonSchema = { [keyword: string]: unknown };

const MAX_DEPTH = 8;

/** Values a field's name tells better than its type. */
const BY_NAME: Readonly<Record<string, unknown>> = {
  amount: "1250.00",
  currency: "NOK",
  iban: "NO9386011117947",
  bban: "86011117947",
  bic: "SANDNOKK",
  maskedPan: "525412******3241",
  href: "/v1/accounts/3a7f0c52-8a60-4a2e-9d1b-2f6f6d5c1e10",
  customerNumber: "13039319955",
  organisationNumber: "974760673",
  reference: "2345678901234",
  referenceType: "KID",
  creditorName: "Kraftselskapet AS",
  name: "Brukskonto",
  remittanceInformationUnstructured: "Invoice 2026-014",
  remittanceInformationStructured: "2345678901234",
  referenceIssuer: "Kraftselskapet AS",
  endToEndIdentification: "INV-2026-014",
  endToEndId: "INV-2026-014",
  entryReference: "20260110-0001234",
  creditorAgent: "DNBANOKK",
  ultimateDebtor: "Ingrid Hansen",
  debtorName: "Ingrid Hansen",
  ownerName: "Ingrid Hansen",
  customerName: "Ingrid Hansen",
  street: "Storgata",
  buildingNumber: "12",
  postalCode: "0155",
  city: "Oslo",
  country: "NO",
  product: "Brukskonto",
  cashAccountType: "CACC",
  balanceType: "closingBooked",
  frequency: "Monthly",
  identification: "4000123456789",
  relatedAccount: "4000123456789",
  merchantCategoryCode: "5411",
  transactionDetails: "REMA 1000 Grünerløkka",
  proprietaryBankTransactionCode: "VARER",
  additionalInformation: "Card purchase 2026-01-09",
  psuMessage: "The payment was rejected: the account lacks funds.",
  code: "FORMAT_ERROR",
  path: "instructedAmount.amount",
  text: "instructedAmount.amount must have 2 fraction digits for NOK",
  error: "the payments processor failed: connection lost",
  email: "developer@tpp.example",
  id: "3a7f0c52-8a60-4a2e-9d1b-2f6f6d5c1e10",
  // Lists of ids (a string item takes its list's name): the bank's ids are 22 base64url characters.
  paymentIds: "NYjyPCBCyqPk_ji_D3_c-g",
  payments: "NYjyPCBCyqPk_ji_D3_c-g",
  accounts: "F5blNvduWP9npmUAF3HBnQ",
  accountIds: "F5blNvduWP9npmUAF3HBnQ",
  cardAccounts: "PvC11rOiQk2Jx0m9aT3b7w",
  cardAccountIds: "PvC11rOiQk2Jx0m9aT3b7w",
  engagements: "F5blNvduWP9npmUAF3HBnQ",
  booked: "3-w9ufoWErlaus-VnROHYw",
  pending: "3-w9ufoWErlaus-VnROHYw",
  rejected: "3-w9ufoWErlaus-VnROHYw",
  times: "06:00",
  today: "2026-01-10",
  advance: "PT1H",
  now: "2026-01-10T12:00:00+01:00",
  runAt: "2026-01-10T12:00:00+01:00",
  lastChangeDateTime: "2026-01-10T12:00:00+01:00",
  lastScheduledRun: "2026-01-10T11:00:00Z",
  nextScheduledRun: "2026-01-10T14:00:00Z",
};

/** Header parameters, by lower-case name: values the bank accepts (their schemas give a format, no example). */
const BY_HEADER: Readonly<Record<string, string>> = {
  "x-accept-fix": "amount-as-string",
  "tpp-session-id": "5b2d1f4e-7c1a-4f0e-9a52-6d1c3e8b7a90",
  "tpp-redirect-uri": "https://tpp.example/callback",
  "tpp-redirect-preferred": "true",
  "psu-id": "42fabbf4-6e40-4463-be68-1a750e47108e",
  "psu-corporate-id": "7d0e3c2b-1a4f-4b6e-8c9d-0f1e2d3c4b5a",
  "x-psu-identity": "13039319955",
  "psu-context": "PRIVATE",
  "psu-ip-address": "192.0.2.10",
  "psu-device-id": "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  "psu-http-method": "GET",
};

/** The link a scaRedirect leads to: the bank's own page, with its single-use token. */
const SCA_REDIRECT_HREF = "https://bank.example/sca/Wp27kE8zTTV1OZM5CkACxQ?token=t_bJwhtc3t_AXWoZWWEBaGgOfUHtqlR_rHyFcJrB0Wo";

const BY_FORMAT: Readonly<Record<string, string>> = {
  uuid: "99391c7e-ad88-49ec-a2ad-99ddcb1f7721",
  date: "2026-01-10",
  "date-time": "2026-01-10T12:00:00+01:00",
  email: "developer@tpp.example",
  uri: "https://tpp.example/callback",
  url: "https://tpp.example/callback",
  ipv4: "192.0.2.10",
};

export function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) && value.length > 0 ? value[0] : undefined;
}

function typeOf(schema: JsonSchema): string | undefined {
  if (typeof schema.type === "string") return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((type): type is string => typeof type === "string" && type !== "null");
  if (isSchema(schema.properties)) return "object";
  return undefined;
}

/** An example value for a header parameter: one the bank accepts where its name says which. */
export function headerExampleOf(schema: JsonSchema, name: string): unknown {
  return BY_HEADER[name.toLowerCase()] ?? exampleOf(schema, name);
}

/**
 * An example request body: the required fields only (an example with every optional field at
 * once sends together what the rules keep apart, such as unstructured and structured remittance),
 * an account reference with its identifier (bban or iban), and the optional fields of an object
 * that requires none.
 */
export function requestBodyExampleOf(schema: JsonSchema): unknown {
  return exampleOf(schema, undefined, 0, { requiredOnly: true });
}

type ExampleOptions = { readonly requiredOnly?: boolean };

/** The property names an example of `schema` shows. */
function shownProperties(properties: Record<string, unknown>, schema: JsonSchema, options: ExampleOptions): string[] {
  const names = Object.keys(properties);
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === "string") : [];
  if (!options.requiredOnly || required.length === 0) return names;
  const shown = names.filter((key) => required.includes(key));
  // An account reference names its account by one identifier, which no one field requires.
  const identifiers = ["iban", "bban", "other"];
  if (!shown.some((key) => identifiers.includes(key))) {
    const identifier = identifiers.find((key) => names.includes(key));
    if (identifier) shown.unshift(identifier);
  }
  return names.filter((key) => shown.includes(key));
}

/** An example for `schema`, the field named `name` (when it is one). */
export function exampleOf(schema: JsonSchema, name?: string, depth = 0, options: ExampleOptions = {}): unknown {
  const own = firstOf(schema.examples) ?? schema.example ?? schema.default ?? schema.const ?? firstOf(schema.enum);
  if (own !== undefined) return own;
  const alternatives = [schema.anyOf, schema.oneOf].flatMap((list) => (Array.isArray(list) ? list.filter(isSchema) : []));
  const alternative = alternatives.find((candidate) => candidate.type !== "null");
  if (alternative) return exampleOf(alternative, name, depth + 1, options);
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.filter(isSchema).map((part) => exampleOf(part, name, depth + 1, options)));
  }
  const type = typeOf(schema);
  if (name !== undefined && name in BY_NAME && (type === "string" || type === undefined)) return BY_NAME[name];
  switch (type) {
    case "string": {
      const format = typeof schema.format === "string" ? BY_FORMAT[schema.format] : undefined;
      if (format) return format;
      if (name?.endsWith("Date")) return BY_FORMAT.date;
      if (name?.endsWith("Id")) return "3a7f0c52-8a60-4a2e-9d1b-2f6f6d5c1e10";
      return "text";
    }
    case "integer":
    case "number": {
      // 1 within the schema's bounds (zod's integers carry the safe-integer range as bounds).
      const minimum = typeof schema.minimum === "number" ? schema.minimum : -Infinity;
      const maximum = typeof schema.maximum === "number" ? schema.maximum : Infinity;
      return Math.min(Math.max(1, minimum), maximum);
    }
    case "boolean":
      return true;
    case "null":
      return null;
    case "array": {
      if (depth > MAX_DEPTH || !isSchema(schema.items)) return [];
      return [exampleOf(schema.items, name, depth + 1, options)];
    }
    case "object": {
      if (depth > MAX_DEPTH) return {};
      if (isSchema(schema.properties)) {
        const properties = schema.properties;
        const example = Object.fromEntries(
          shownProperties(properties, schema, options).map((key) => {
            const value = properties[key];
            return [key, isSchema(value) ? exampleOf(value, key, depth + 1, options) : null];
          }),
        );
        if (name === "scaRedirect" && typeof example.href === "string") example.href = SCA_REDIRECT_HREF;
        return example;
      }
      // A map's entry under a telling key: a _links map's first link is its self.
      if (isSchema(schema.additionalProperties)) {
        return { [name === "_links" ? "self" : "name"]: exampleOf(schema.additionalProperties, undefined, depth + 1) };
      }
      return {};
    }
    default:
      return {};
  }
}
