/** A page's search parameters as Next gives them: a parameter given twice is an array. */
export type PageQuery = Readonly<Record<string, string | string[] | undefined>>;

/** A search parameter's first value. */
export function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
