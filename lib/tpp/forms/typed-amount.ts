// An amount as people type it in the TPP's forms, made into the wire's decimal string. Pure: it
// runs in the browser as the user types, and again in the Server Actions.

const BLANKS = /[\s\u00a0\u202f]+/g;

/**
 * "1 250,50", "1.250,50", "1,250.50" and "1250.50" → "1250.50"; "−75,00" → "-75.00". Blanks go;
 * a typographic minus is "-"; a lone "," is the decimal separator; where both "." and "," appear,
 * the last one is the decimal separator and the other groups thousands (by three). Anything else
 * (two decimal commas, other groups, letters) is left as typed, for the amount's own check to say what is wrong.
 */
export function normalizeTypedAmount(input: string): string {
  const compact = input.replace(BLANKS, "").replace(/^[\u2212\u2013]/, "-");
  const comma = compact.lastIndexOf(",");
  const dot = compact.lastIndexOf(".");
  if (comma === -1) return compact;
  if (dot === -1) return compact.indexOf(",") === comma ? compact.replace(",", ".") : compact;
  const at = Math.max(comma, dot);
  const group = comma > dot ? "." : ",";
  const groups = compact.slice(0, at).split(group);
  // Thousands are grouped by three: "1.250,50", never "12.3.4,5" (left as typed).
  const grouped = /^-?[0-9]{1,3}$/.test(groups[0] ?? "") && groups.slice(1).every((part) => /^[0-9]{3}$/.test(part));
  if (!grouped) return compact;
  return `${groups.join("")}.${compact.slice(at + 1)}`;
}
