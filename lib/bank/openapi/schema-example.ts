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
  today: "2026-01-10",
  advance: "PT1H",
  now: "2026-01-10T12:00:00+01:00",
  runAt: "2026-01-10T12:00:00+01:00",
  lastChangeDateTime: "2026-01-10T12:00:00+01:00",
  lastScheduledRun: "2026-01-10T11:00:00Z",
  nextScheduledRun: "2026-01-10T14:00:00Z",
};

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

/** An example for `schema`, the field named `name` (when it is one). */
export function exampleOf(schema: JsonSchema, name?: string, depth = 0): unknown {
  const own = firstOf(schema.examples) ?? schema.example ?? schema.default ?? schema.const ?? firstOf(schema.enum);
  if (own !== undefined) return own;
  const alternatives = [schema.anyOf, schema.oneOf].flatMap((list) => (Array.isArray(list) ? list.filter(isSchema) : []));
  const alternative = alternatives.find((candidate) => candidate.type !== "null");
  if (alternative) return exampleOf(alternative, name, depth + 1);
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.filter(isSchema).map((part) => exampleOf(part, name, depth + 1)));
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
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return true;
    case "null":
      return null;
    case "array": {
      if (depth > MAX_DEPTH || !isSchema(schema.items)) return [];
      return [exampleOf(schema.items, name, depth + 1)];
    }
    case "object": {
      if (depth > MAX_DEPTH) return {};
      if (isSchema(schema.properties)) {
        return Object.fromEntries(
          Object.entries(schema.properties).map(([key, value]) => [key, isSchema(value) ? exampleOf(value, key, depth + 1) : null]),
        );
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
