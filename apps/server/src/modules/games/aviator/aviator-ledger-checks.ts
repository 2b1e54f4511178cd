import { sql } from 'kysely';
import type { LedgerCheck } from '../../ledger/ledger-check.service.ts';
import { AVIATOR_BET_REFERENCE_TYPE, AVIATOR_ROUND_REFERENCE_TYPE } from './aviator-round.service.ts';

/**
 * The crash game's money invariants, beside the ledger's own: each bet's stake was paid exactly once from
 * its player's wallet; each bet was credited at most once, exactly what it records (its win when cashed out,
 * its stake when refunded, nothing otherwise), to its player; each finished round moved its fees and
 * contracts out of escrow exactly once.
 */
export const AVIATOR_LEDGER_CHECKS: readonly LedgerCheck[] = [
  {
    name: 'aviator-bet-paid-and-credited-once',
    description:
      'each aviator bet has one stake from its player and at most one credit to its player, equal to what it records',
    async run(db, limit) {
      const result = await sql<{
        id: number;
        stakes: number;
        staked: number;
        credits: number;
        credited: number;
      }>`
        select b.id,
          sum(case when t.kind = 'aviator_bet' and da.user_id = b.user_id then 1 else 0 end) as stakes,
          coalesce(sum(case when t.kind = 'aviator_bet' then t.amount_minor else 0 end), 0) as staked,
          sum(case when t.kind in ('aviator_win', 'aviator_refund') then 1 else 0 end) as credits,
          coalesce(sum(case when t.kind in ('aviator_win', 'aviator_refund') and ca.user_id = b.user_id
            then t.amount_minor else 0 end), 0) as credited
        from aviator_bets b
        left join ledger_transfers t on t.reference_type = ${AVIATOR_BET_REFERENCE_TYPE}
          and t.reference_id = cast(b.id as varchar(100))
        left join ledger_accounts da on da.id = t.debit_account_id
        left join ledger_accounts ca on ca.id = t.credit_account_id
        group by b.id, b.stake_minor, b.win_minor, b.status
        having sum(case when t.kind = 'aviator_bet' and da.user_id = b.user_id then 1 else 0 end) <> 1
          or coalesce(sum(case when t.kind = 'aviator_bet' then t.amount_minor else 0 end), 0) <> b.stake_minor
          or sum(case when t.kind in ('aviator_win', 'aviator_refund') then 1 else 0 end) > 1
          or coalesce(sum(case when t.kind in ('aviator_win', 'aviator_refund') and ca.user_id = b.user_id
            then t.amount_minor else 0 end), 0)
            <> case when b.status in ('cashed', 'refunded') then b.win_minor else 0 end
        order by b.id
        limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) =>
          `aviator bet ${row.id}: ${row.stakes} stakes (${row.staked}), ${row.credits} credits (${row.credited})`,
      );
    },
  },
  {
    name: 'aviator-round-escrow-released',
    description:
      "each finished aviator round moved its settled bets' fees and contracts out of escrow exactly once",
    async run(db, limit) {
      const result = await sql<{ id: number; fee_moved: number; house_moved: number }>`
        select r.id,
          coalesce(sum(case when t.kind = 'fee' then t.amount_minor else 0 end), 0) as fee_moved,
          coalesce(sum(case when t.kind = 'game_settlement' then t.amount_minor else 0 end), 0) as house_moved
        from aviator_rounds r
        left join ledger_transfers t on t.reference_type = ${AVIATOR_ROUND_REFERENCE_TYPE}
          and t.reference_id = cast(r.id as varchar(100))
        where r.status in ('settled', 'refunded')
        group by r.id, r.fee_total_minor, r.stake_total_minor
        having coalesce(sum(case when t.kind = 'fee' then t.amount_minor else 0 end), 0) <> r.fee_total_minor
          or coalesce(sum(case when t.kind = 'game_settlement' then t.amount_minor else 0 end), 0)
            <> r.stake_total_minor - r.fee_total_minor
        order by r.id
        limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) => `aviator round ${row.id}: fee moved ${row.fee_moved}, contracts moved ${row.house_moved}`,
      );
    },
  },
];
