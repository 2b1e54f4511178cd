import type { Kysely, Selectable } from 'kysely';
import type { PageWindow } from '../http/pagination.ts';
import type { Database } from './schema.ts';

/** Tables of rows that belong to one user and move through statuses (tickets, profit transfers). */
type OwnedStatusTable = 'profit_transfers' | 'suggestions';

/**
 * A page of a user's rows (or, with `userId` undefined, everyone's) optionally of one status, newest
 * first, with the count of every matching row: the lists of the player's screens and the operator's queue.
 */
export async function pageOwnedRows<T extends OwnedStatusTable>(
  db: Kysely<Database>,
  table: T,
  filter: { userId?: number; status?: string },
  window: PageWindow,
): Promise<{ count: number; rows: Selectable<Database[T]>[] }> {
  // One query shape serves both tables; Kysely cannot narrow a table union, hence the one widening cast.
  let query = (db as unknown as Kysely<Pick<Database, OwnedStatusTable>>).selectFrom(
    table as OwnedStatusTable,
  );
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status as never);
  const count = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return { count: Number(count.count), rows: rows as Selectable<Database[T]>[] };
}
