import { z } from 'zod';

/** Lists never return more than this many rows per page (DESIGN.md "API conventions"). */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;
/** Pages beyond this are refused: deep offsets are a denial-of-service vector, not a use case. */
export const MAX_PAGE_NUMBER = 100_000;

const positiveIntFromQuery = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a whole number` })
    .trim()
    .regex(/^\d{1,10}$/, `${field} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${field} must be at least 1`).max(max, `${field} must be at most ${max}`));

/** `p` (from 1) and `p_size` (1..100) as they arrive in a query string. */
export const paginationQuery = z.object({
  p: positiveIntFromQuery('p', MAX_PAGE_NUMBER).optional().default(1),
  p_size: positiveIntFromQuery('p_size', MAX_PAGE_SIZE).optional().default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.output<typeof paginationQuery>;

/** An id in a query string: a positive integer within the safe range. */
export const idFromQuery = (field = 'id') => positiveIntFromQuery(field, 2_147_483_647);

/** An id in a JSON body: a positive integer, or a string of digits as some clients send. */
export const idFromBody = (field = 'id') =>
  z.union([z.number(), z.string()], { error: `${field} is required` }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a positive whole number` });
      return z.NEVER;
    }
    return Number(text);
  });

/**
 * The id of an edited row in a JSON body where it is optional (the add-or-edit calls): missing, null, '' and
 * 0 all mean "a new one"; anything else must be a valid id.
 */
export const optionalIdFromBody = (field: string) =>
  z
    .unknown()
    .transform((value, ctx): number | undefined => {
      if (value === undefined || value === null || value === '' || value === 0 || value === '0')
        return undefined;
      const parsed = idFromBody(field).safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: `${field} must be a positive whole number` });
      return z.NEVER;
    })
    .optional();

export interface Page<T> {
  code: 200;
  page: { count: number };
  queryset: T[];
}
