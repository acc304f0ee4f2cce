const APP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Whether a value from an address is an id as the app makes them (randomUUID: a payment's, a
 * basket's, a flow's): anything else names nothing of the app's and never reaches the database.
 */
export function isAppId(value: string): boolean {
  return APP_ID.test(value);
}
