import { sql } from 'kysely';
import type { PlannedRead, PlannedWrite } from '../../../db/combined-statements.ts';
import type { DialectName } from '../../../db/dialect.ts';
import { jsonRowsFrom } from '../../../db/dialect.ts';
import type { LuckyHitRoundRow, NewLuckyHitBetRow } from './luckyhit.tables.ts';

/**
 * A round's row held FOR SHARE on PostgreSQL, planned for `readTogether`: a batch of bets runs beside other
 * batches and single bets, and the settlement's FOR UPDATE of the round waits for all of them.
 */
export function planShareRound(
  dialect: DialectName,
  period: string,
): PlannedRead<LuckyHitRoundRow, LuckyHitRoundRow | undefined> {
  const lock = dialect === 'postgres' ? sql`for share` : sql``;
  return {
    statement: sql<LuckyHitRoundRow>`select * from luckyhit_rounds where period = ${period} ${lock}`,
    locks: true,
    settle: (rows) => {
      if (rows.length > 1) throw new Error(`luckyhit round ${period} has ${rows.length} rows`);
      return rows[0];
    },
  };
}

/** How many bets each of these users already has in the round of `period`, planned for `readTogether`. */
export function planBetCountsInRound(
  period: string,
  userIds: readonly number[],
): PlannedRead<{ user_id: number; bets: number }, Map<number, number>> {
  const distinct = [...new Set(userIds)];
  for (const userId of distinct) {
    if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error(`not a user id: ${userId}`);
  }
  // With no users, the IN list holds an id no user has.
  const ids = distinct.length > 0 ? distinct : [0];
  return {
    statement: sql<{ user_id: number; bets: number }>`
      select b.user_id as user_id, count(*) as bets
      from luckyhit_bets b join luckyhit_rounds r on r.id = b.round_id
      where r.period = ${period} and b.user_id in (${sql.join(ids)})
      group by b.user_id
    `,
    settle: (rows) => new Map(rows.map((row) => [Number(row.user_id), Number(row.bets)])),
  };
}

/** A bet to insert with its reserved id. */
export type ReservedLuckyHitBetRow = NewLuckyHitBetRow & { readonly id: number };

/** Inserts the bets with their reserved ids in one INSERT … SELECT, planned for `writeTogether`. */
export function planInsertLuckyHitBets(
  dialect: DialectName,
  bets: readonly ReservedLuckyHitBetRow[],
): PlannedWrite | undefined {
  if (bets.length === 0) return undefined;
  const source = jsonRowsFrom(
    dialect,
    's',
    bets.map((bet) => ({
      id: bet.id,
      user_id: bet.user_id,
      round_id: bet.round_id,
      period: bet.period,
      bet_type: bet.bet_type,
      client_seed: bet.client_seed,
      stake_minor: bet.stake_minor,
      fee_minor: bet.fee_minor,
      contract_minor: bet.contract_minor,
      status: bet.status,
      created_at: bet.created_at,
    })),
    {
      id: 'integer',
      user_id: 'integer',
      round_id: 'integer',
      period: 'text',
      bet_type: 'text',
      client_seed: 'text',
      stake_minor: 'integer',
      fee_minor: 'integer',
      contract_minor: 'integer',
      status: 'text',
      created_at: 'integer',
    },
  );
  return {
    statement: sql`
      insert into luckyhit_bets (id, user_id, round_id, period, bet_type, client_seed, stake_minor, fee_minor,
        contract_minor, status, payout_minor, created_at, settled_at)
      select s.id, s.user_id, s.round_id, s.period, s.bet_type, s.client_seed, s.stake_minor, s.fee_minor,
        s.contract_minor, s.status, 0, s.created_at, null
      from ${source}
    `,
    settle: (inserted) => {
      if (inserted !== bets.length) throw new Error(`inserted ${inserted} of ${bets.length} luckyhit bets`);
    },
  };
}
