/**
 * Lookups in a constant table by a key from outside (a query string, a stored value, a value the
 * bank or a client sent): only the table's own keys count. A plain `table[key]` with such a key
 * also finds what every object inherits ("constructor", "toString", "__proto__"), and a cast
 * (`key as keyof typeof table`) only hides that from the compiler.
 */

/** Whether `key` is one of the table's own keys; the type follows. */
export function isOwnKey<Table extends object>(table: Table, key: PropertyKey): key is keyof Table {
  return Object.hasOwn(table, key);
}

/** The table's value under `key`, or undefined when the key is not one of its own. */
export function ownValue<Table extends object>(table: Table, key: PropertyKey | undefined): Table[keyof Table] | undefined {
  return key !== undefined && isOwnKey(table, key) ? table[key] : undefined;
}
