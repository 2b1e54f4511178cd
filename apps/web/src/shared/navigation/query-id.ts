/** The largest id the server accepts (a 32-bit signed integer, as in the shared id schemas). */
export const MAX_QUERY_ID = 2_147_483_647;

const DIGITS = /^\d+$/;

/**
 * Reads an id from a route's query (`/item?id=12`): a positive whole number up to MAX_QUERY_ID, else null,
 * so a screen opened with a broken link shows "not found" instead of asking the server for nonsense.
 */
export function parseQueryId(value: string | null): number | null {
  if (value === null || !DIGITS.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_QUERY_ID ? id : null;
}
