import type { ColourCategory } from '@app/shared';
import { sql } from 'kysely';
import type { PlannedRead, PlannedWrite } from '../../../db/combined-statements.ts';
import type { DialectName } from '../../../db/dialect.ts';
import { jsonRowsFrom } from '../../../db/dialect.ts';
import { planReserveIds } from '../../../db/reserved-ids.ts';
import type { ColourPeriodRow, NewColourBetRow } from './colour.tables.ts';

/**
 * Many period rows held FOR SHARE on PostgreSQL, in one SELECT planned for `readTogether`: a batch of bets
 * runs beside other batches and single bets, and the settlement's FOR UPDATE of a period waits for all of
 * them.
 */
export function planSharePeriods(
  dialect: DialectName,
  periods: ReadonlyArray<{ room: ColourCategory; period: string }>,
): PlannedRead<ColourPeriodRow, ColourPeriodRow[]> {
  const source = jsonRowsFrom(dialect, 's', periods, { room: 'text', period: 'text' });
  const lock = dialect === 'postgres' ? sql`for share of p` : sql``;
  return {
    statement: sql<ColourPeriodRow>`
      select p.* from colour_periods p join ${source} on p.room = s.room and p.period = s.period
      order by p.id ${lock}
    `,
    locks: true,
    settle: (rows) => rows,
  };
}

/** Reserves `count` new colour bet ids in ascending order, planned for `readTogether` (see planReserveIds). */
export function planReserveBetIds(
  dialect: DialectName,
  count: number,
): PlannedRead<{ id: number }, number[]> {
  return planReserveIds(dialect, 'colour_bets', count);
}

/** A bet to insert with its reserved id. */
export type ReservedBetRow = NewColourBetRow & { readonly id: number };

/** Inserts the bets with their reserved ids in one INSERT … SELECT, planned for `writeTogether`. */
export function planInsertBets(
  dialect: DialectName,
  bets: readonly ReservedBetRow[],
): PlannedWrite | undefined {
  if (bets.length === 0) return undefined;
  const source = jsonRowsFrom(
    dialect,
    's',
    bets.map((bet) => ({
      id: bet.id,
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
      id: 'integer',
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
  return {
    statement: sql`
      insert into colour_bets (id, user_id, period_id, room, period, guess_type, guess_number,
        contract_money_minor, contract_count, stake_minor, fee_minor, contract_minor, status, created_at,
        settled_at)
      select s.id, s.user_id, s.period_id, s.room, s.period, s.guess_type, s.guess_number,
        s.contract_money_minor, s.contract_count, s.stake_minor, s.fee_minor, s.contract_minor, s.status,
        s.created_at, null
      from ${source}
    `,
    settle: (inserted) => {
      if (inserted !== bets.length) throw new Error(`inserted ${inserted} of ${bets.length} bets`);
    },
  };
}
