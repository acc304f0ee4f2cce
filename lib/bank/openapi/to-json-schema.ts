import { z } from "zod";

export type JsonSchema = { [keyword: string]: unknown };

/**
 * A zod schema as JSON Schema (2020-12, OpenAPI 3.1's dialect), describing the wire: the schema's
 * input side (what a request sends, what a reply parser reads). Rules zod cannot express (custom
 * checks: check digits, lengths in characters) are left out; a schema that cannot be converted
 * at all (a recursive one) becomes an open schema saying so, rather than breaking the document.
 */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  try {
    const converted: JsonSchema = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", cycles: "throw", reused: "inline" });
    delete converted.$schema;
    return converted;
  } catch {
    return { description: "This shape cannot be written as JSON Schema; see the operation's description." };
  }
}
