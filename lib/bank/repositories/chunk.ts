/**
 * Rows per INSERT statement for batch inserts: 500 rows of the widest table (transactions, 24
 * columns) bind 12,000 parameters, well below PostgreSQL's 65,535.
 */
export const INSERT_BATCH_SIZE = 500;

/** Splits items into consecutive chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size: number = INSERT_BATCH_SIZE): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
