const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text made safe inside HTML or XML (SVG), in element content and in quoted attribute values
 * alike: `& < > " '` become entities that both languages read back (`&#39;` rather than
 * HTML-only `&apos;`). The one escaper of the bank's pages, the app's Route Handler pages and the
 * flow diagrams' SVG.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}
