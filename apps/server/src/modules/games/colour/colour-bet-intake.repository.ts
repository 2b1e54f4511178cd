import type { ColourCategory } from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../../db/dialect.ts';
import { jsonRowsFrom } from '../../../db/dialect.ts';
import type { Database } from '../../../db/schema.ts';
import type { ColourBetRow, ColourPeriodRow, NewColourBetRow } from './colour.tables.ts';

/**
 * Many period rows held FOR SHARE on PostgreSQL, in one SELECT: a batch of bets runs beside other batches
 * and single bets, and the settlement's FOR UPDATE of a period waits for all of them.
 */
export async function sharePeriods(
  db: Kysely<Database>,
  dialect: DialectName,
  periods: ReadonlyArray<{ room: ColourCategory; period: string }>,
): Promise<ColourPeriodRow[]> {
  if (periods.length === 0) return [];
  const source = jsonRowsFrom(dialect, 's', periods, { room: 'text', period: 'text' });
  const lock = dialect === 'postgres' ? sql`for share of p` : sql``;
  const result = await sql<ColourPeriodRow>`
    select p.* from colour_periods p join ${source} on p.room = s.room and p.period = s.period
    order by p.id ${lock}
  `.execute(db);
  return result.rows;
}

/** The columns of a stored bet that must match the row the batch asked for. */
export type InsertedBet = Pick<ColourBetRow, 'id' | 'user_id' | 'period_id' | 'stake_minor'>;

/**
 * Inserts the bets in one INSERT … SELECT in the given order and answers their rows by ascending id. Ids
 * are drawn as the rows are inserted, so ascending id is the given order; the caller checks that.
 */
export async function insertBets(
  db: Kysely<Database>,
  dialect: DialectName,
  bets: readonly NewColourBetRow[],
): Promise<InsertedBet[]> {
  if (bets.length === 0) return [];
  const source = jsonRowsFrom(
    dialect,
    's',
    bets.map((bet, index) => ({
      ord: index,
      user_id: bet.user_id,
      period_id: bet.period_id,
      room: bet.room,
      period: bet.period,
      guess_type: bet.guess_type,
      guess_number: bet.guess_number ?? null,
      contract_money_minor: bet.contract_money_minor,
      contract_count: bet.contract_count,
      stake_minor: bet.stake_minor,
      fee_minor: bet.fee_minor,
      contract_minor: bet.contract_minor,
      status: bet.status,
      created_at: bet.created_at,
    })),
    {
      ord: 'integer',
      user_id: 'integer',
      period_id: 'integer',
      room: 'text',
      period: 'text',
      guess_type: 'text',
      guess_number: 'integer',
      contract_money_minor: 'integer',
      contract_count: 'integer',
      stake_minor: 'integer',
      fee_minor: 'integer',
      contract_minor: 'integer',
      status: 'text',
      created_at: 'integer',
    },
  );
  const result = await sql<InsertedBet>`
    insert into colour_bets (user_id, period_id, room, period, guess_type, guess_number,
      contract_money_minor, contract_count, stake_minor, fee_minor, contract_minor, status, created_at,
      settled_at)
    select s.user_id, s.period_id, s.room, s.period, s.guess_type, s.guess_number, s.contract_money_minor,
      s.contract_count, s.stake_minor, s.fee_minor, s.contract_minor, s.status, s.created_at, null
    from ${source}
    order by s.ord
    returning id, user_id, period_id, stake_minor
  `.execute(db);
  return result.rows
    .map((row) => ({
      id: Number(row.id),
      user_id: Number(row.user_id),
      period_id: Number(row.period_id),
      stake_minor: Number(row.stake_minor),
    }))
    .sort((left, right) => left.id - right.id);
}
