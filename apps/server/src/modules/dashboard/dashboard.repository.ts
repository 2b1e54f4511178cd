import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LedgerCheckRunRow } from '../operators/operators.tables.ts';

export const DAY_MS = 86_400_000;

/**
 * The day number of a time column shifted by the market's UTC offset. The cast makes it a whole day on both
 * dialects: SQLite binds JavaScript numbers as reals, so its division alone would keep the fraction.
 */
function dayOf(column: string, offsetMs: number) {
  return sql<number>`cast((${sql.ref(column)} + ${offsetMs}) / ${DAY_MS} as integer)`;
}

export interface DayAmount {
  day: number;
  amount_minor: number;
}

/** Credited recharges per market day. */
export async function depositsByDay(
  db: Kysely<Database>,
  from: number,
  to: number,
  offsetMs: number,
): Promise<DayAmount[]> {
  const rows = await db
    .selectFrom('recharges')
    .select([dayOf('credited_at', offsetMs).as('day'), sql<number>`sum(amount_minor)`.as('amount_minor')])
    .where('status', '=', 'Success')
    .where('credited_at', '>=', from)
    .where('credited_at', '<', to)
    .groupBy(sql`1`)
    .execute();
  return rows.map((row) => ({ day: Number(row.day), amount_minor: Number(row.amount_minor) }));
}

/** Paid withdrawals per market day. */
export async function withdrawalsByDay(
  db: Kysely<Database>,
  from: number,
  to: number,
  offsetMs: number,
): Promise<DayAmount[]> {
  const rows = await db
    .selectFrom('withdrawals')
    .select([dayOf('decided_at', offsetMs).as('day'), sql<number>`sum(amount_minor)`.as('amount_minor')])
    .where('status', '=', 'Success')
    .where('decided_at', '>=', from)
    .where('decided_at', '<', to)
    .groupBy(sql`1`)
    .execute();
  return rows.map((row) => ({ day: Number(row.day), amount_minor: Number(row.amount_minor) }));
}

/** Tables of a game's rounds: each settled round keeps its house take and when it was settled. */
export type GameRoundsTable = 'colour_periods' | 'aviator_rounds' | 'luckyhit_rounds';
/** Tables of a game's bets: each bet keeps its player and when it was placed. */
export type GameBetsTable = 'colour_bets' | 'aviator_bets' | 'luckyhit_bets';

/** A game's house take (its net gaming revenue) per market day of settlement. */
export async function houseTakeByDay(
  db: Kysely<Database>,
  rounds: GameRoundsTable,
  window: { from: number; to: number; offsetMs: number },
): Promise<DayAmount[]> {
  // The three tables share these columns; one of them stands for the type.
  const rows = await db
    .selectFrom(rounds as 'colour_periods')
    .select([
      dayOf('settled_at', window.offsetMs).as('day'),
      sql<number>`sum(house_take_minor)`.as('amount_minor'),
    ])
    .where('settled_at', '>=', window.from)
    .where('settled_at', '<', window.to)
    .groupBy(sql`1`)
    .execute();
  return rows.map((row) => ({ day: Number(row.day), amount_minor: Number(row.amount_minor) }));
}

/** The players of a game's bets placed each market day. */
export async function playersByDay(
  db: Kysely<Database>,
  bets: GameBetsTable,
  window: { from: number; to: number; offsetMs: number },
): Promise<Array<{ day: number; user_id: number }>> {
  const rows = await db
    .selectFrom(bets as 'colour_bets')
    .select([dayOf('created_at', window.offsetMs).as('day'), 'user_id'])
    .where('created_at', '>=', window.from)
    .where('created_at', '<', window.to)
    .groupBy([sql`1`, 'user_id'])
    .execute();
  return rows.map((row) => ({ day: Number(row.day), user_id: Number(row.user_id) }));
}

export interface QueueFigures {
  count: number;
  oldest_at: number | null;
}

function figures(
  row: { count: number | string; oldest_at: number | string | null } | undefined,
): QueueFigures {
  return {
    count: Number(row?.count ?? 0),
    oldest_at: row?.oldest_at === null || row?.oldest_at === undefined ? null : Number(row.oldest_at),
  };
}

/** Manual recharges with a UTR that wait for an operator. */
export async function manualRechargeQueue(
  db: Kysely<Database>,
  adapters: readonly string[],
): Promise<QueueFigures> {
  const row = await db
    .selectFrom('recharges')
    .select([sql<number>`count(*)`.as('count'), sql<number | null>`min(utr_submitted_at)`.as('oldest_at')])
    .where('adapter', 'in', adapters as never)
    .where('status', '=', 'Wait')
    .where('utr', 'is not', null)
    .executeTakeFirst();
  return figures(row);
}

/** Tables of a queue the operator works: rows wait in one status, oldest first by `created_at`. */
type QueueTable = 'withdrawals' | 'orders' | 'suggestions' | 'profit_transfers';

/** How many rows of `table` are in `status`, and since when the oldest has waited. */
async function waitingRows(db: Kysely<Database>, table: QueueTable, status: string): Promise<QueueFigures> {
  // The four tables share the two columns read here; Kysely cannot narrow a table union, hence the cast.
  const row = await (db as unknown as Kysely<Pick<Database, QueueTable>>)
    .selectFrom(table)
    .select([sql<number>`count(*)`.as('count'), sql<number | null>`min(created_at)`.as('oldest_at')])
    .where('status', '=', status as never)
    .executeTakeFirst();
  return figures(row);
}

/** Withdrawals that wait for an operator (not yet decided). */
export function withdrawalQueue(db: Kysely<Database>): Promise<QueueFigures> {
  return waitingRows(db, 'withdrawals', 'Wait');
}

/** Orders paid and not yet shipped. */
export function shippingQueue(db: Kysely<Database>): Promise<QueueFigures> {
  return waitingRows(db, 'orders', 'undelivered');
}

/** Support tickets that wait for an operator's reply. */
export function ticketQueue(db: Kysely<Database>): Promise<QueueFigures> {
  return waitingRows(db, 'suggestions', 'Wait');
}

/** Profit transfers (bonus balance to wallet) that wait for an operator. */
export function profitTransferQueue(db: Kysely<Database>): Promise<QueueFigures> {
  return waitingRows(db, 'profit_transfers', 'Wait');
}

export async function insertLedgerCheckRun(
  db: Kysely<Database>,
  run: Omit<LedgerCheckRunRow, 'id'>,
): Promise<number> {
  const row = await db.insertInto('ledger_check_runs').values(run).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findLastLedgerCheckRun(db: Kysely<Database>): Promise<LedgerCheckRunRow | undefined> {
  return db.selectFrom('ledger_check_runs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}
