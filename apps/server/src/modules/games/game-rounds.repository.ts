import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PageWindow } from '../../http/pagination.ts';
import type { ChainCheckpoint } from './hash-chain-store.repository.ts';

/** The chain tables of the games whose chains start at a round's start (colour, Lucky Hit). */
type TimedChainTable = 'colour_chains' | 'luckyhit_chains';

/** The round tables of the games whose rounds reveal a chain's seed when settled (colour, Lucky Hit). */
type SeededRoundTable = 'colour_periods' | 'luckyhit_rounds';

/** The bet and round tables of the games whose bet lists show each bet's round (crash game, Lucky Hit). */
type BetRoundTables =
  | { bets: 'aviator_bets'; rounds: 'aviator_rounds' }
  | { bets: 'luckyhit_bets'; rounds: 'luckyhit_rounds' };

/**
 * Stores a chain unless another leader stored one for the same start first (the conflict on
 * `conflictColumns`), then its checkpoints; answers the chain, or undefined when it was not stored.
 */
export async function insertChainOnce<T extends TimedChainTable>(
  db: Kysely<Database>,
  table: T,
  chain: Insertable<Database[T]>,
  conflictColumns: ReadonlyArray<keyof Database[T] & string>,
  checkpoints: {
    store: {
      insert: (db: Kysely<Database>, chainId: number, list: ReadonlyArray<ChainCheckpoint>) => Promise<void>;
    };
    list: ReadonlyArray<ChainCheckpoint>;
  },
): Promise<Selectable<Database[T]> | undefined> {
  // One statement serves both tables; Kysely cannot narrow a table union, hence the widening casts.
  const row = await (db as unknown as Kysely<Pick<Database, TimedChainTable>>)
    .insertInto(table as TimedChainTable)
    .values(chain as never)
    .onConflict((conflict) => conflict.columns(conflictColumns as never).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await checkpoints.store.insert(db, row.id, checkpoints.list);
  return row as Selectable<Database[T]>;
}

/** The seed of a chain's link, revealed once the round (or period) that used it is settled. */
export async function findRevealedSeedIn(
  db: Kysely<Database>,
  table: SeededRoundTable,
  chainId: number,
  chainIndex: number,
): Promise<string | undefined> {
  const row = await (db as unknown as Kysely<Pick<Database, SeededRoundTable>>)
    .selectFrom(table as SeededRoundTable)
    .select('seed_hex')
    .where('chain_id', '=', chainId)
    .where('chain_index', '=', chainIndex)
    .where('status', '=', 'settled')
    .executeTakeFirst();
  return row?.seed_hex ?? undefined;
}

/**
 * A page of rows with the count of every row that matches: `count` answers the one count row, `rows` the
 * rows in order, of which the window is read.
 */
export async function countedPage<Row>(
  count: { executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }> },
  rows: { limit(limit: number): { offset(offset: number): { execute(): Promise<Row[]> } } },
  window: PageWindow,
): Promise<{ count: number; rows: Row[] }> {
  const countRow = await count.executeTakeFirstOrThrow();
  const page = await rows.limit(window.limit).offset(window.offset).execute();
  return { count: Number(countRow.count), rows: page };
}

/**
 * A page of a user's bets, newest first, each with the columns `roundColumns` (as `r.<column>`, aliases
 * allowed) of its round, and how many bets the user has.
 */
export function pageUserBetsWithRounds<Row>(
  db: Kysely<Database>,
  tables: BetRoundTables,
  roundColumns: readonly string[],
  userId: number,
  window: PageWindow,
): Promise<{ count: number; rows: Row[] }> {
  // One query shape serves each game's tables (they share the columns read here); Kysely cannot narrow a
  // table union, so the crash game's tables stand in for the type and the rows are typed by the caller.
  const view = db as unknown as Kysely<Pick<Database, 'aviator_bets' | 'aviator_rounds'>>;
  const bets = tables.bets as 'aviator_bets';
  return countedPage(
    view
      .selectFrom(bets)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId),
    view
      .selectFrom(`${bets} as b` as 'aviator_bets as b')
      .innerJoin(`${tables.rounds} as r` as 'aviator_rounds as r', 'r.id', 'b.round_id')
      .selectAll('b')
      .select(roundColumns as unknown as ['r.id'])
      .where('b.user_id', '=', userId)
      .orderBy('b.id', 'desc') as unknown as {
      limit(limit: number): { offset(offset: number): { execute(): Promise<Row[]> } };
    },
    window,
  );
}
