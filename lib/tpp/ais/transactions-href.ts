/**
 * The address of a page of transactions with its query: the values given, in their order, those
 * undefined or empty left out ("/accounts/a1?status=both&from=2026-01-01").
 */
export function transactionsHref<Query extends { readonly [Key in keyof Query]: string | number | undefined }>(
  path: string,
  query: Query,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries<string | number | undefined>(query))
    if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text === "" ? path : `${path}?${text}`;
}
