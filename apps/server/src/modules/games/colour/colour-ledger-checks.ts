import { sql } from 'kysely';
import type { LedgerCheck } from '../../ledger/ledger-check.service.ts';
import { COLOUR_BET_REFERENCE_TYPE } from './colour-settlement.service.ts';

/**
 * The colour game's money invariants, beside the ledger's own: each bet's stake was paid exactly once,
 * from its player's wallet, into game escrow; each won bet was credited exactly once, its amount, to its
 * player, and no other bet was credited; each settled period's figures add up and match its bets; no bet
 * of a settled period is still waiting.
 */
export const COLOUR_LEDGER_CHECKS: readonly LedgerCheck[] = [
  {
    name: 'colour-bet-paid-once',
    description: 'each colour bet has exactly one colour_bet transfer of its stake from its player',
    async run(db, limit) {
      const result = await sql<{
        id: number;
        stake_minor: number;
        payments: number;
        paid_minor: number;
        wrong: number;
      }>`
        select b.id, b.stake_minor, count(t.id) as payments, coalesce(sum(t.amount_minor), 0) as paid_minor,
          sum(case when t.id is not null and (a.user_id is null or a.user_id <> b.user_id) then 1 else 0 end) as wrong
        from colour_bets b
        left join ledger_transfers t on t.reference_type = ${COLOUR_BET_REFERENCE_TYPE}
          and t.reference_id = cast(b.id as varchar(100)) and t.kind = 'colour_bet'
        left join ledger_accounts a on a.id = t.debit_account_id
        group by b.id, b.stake_minor, b.user_id
        having count(t.id) <> 1 or coalesce(sum(t.amount_minor), 0) <> b.stake_minor
          or sum(case when t.id is not null and (a.user_id is null or a.user_id <> b.user_id) then 1 else 0 end) > 0
        order by b.id
        limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) =>
          `colour bet ${row.id} (${row.stake_minor}): ${row.payments} stakes of ${row.paid_minor} in all, ` +
          `${row.wrong} from another wallet`,
      );
    },
  },
  {
    name: 'colour-win-credited-once',
    description:
      'each won colour bet has exactly one colour_win credit of its amount to its player; no other bet has any',
    async run(db, limit) {
      const result = await sql<{
        id: number;
        status: string;
        amount_minor: number;
        credits: number;
        credited_minor: number;
        wrong: number;
      }>`
        select b.id, b.status, b.amount_minor, count(t.id) as credits,
          coalesce(sum(t.amount_minor), 0) as credited_minor,
          sum(case when t.id is not null and (a.user_id is null or a.user_id <> b.user_id) then 1 else 0 end) as wrong
        from colour_bets b
        left join ledger_transfers t on t.reference_type = ${COLOUR_BET_REFERENCE_TYPE}
          and t.reference_id = cast(b.id as varchar(100)) and t.kind = 'colour_win'
        left join ledger_accounts a on a.id = t.credit_account_id
        group by b.id, b.status, b.amount_minor, b.user_id
        having (b.status = 'S' and (count(t.id) <> 1 or coalesce(sum(t.amount_minor), 0) <> b.amount_minor
            or sum(case when t.id is not null and (a.user_id is null or a.user_id <> b.user_id) then 1 else 0 end) > 0))
          or (b.status <> 'S' and count(t.id) > 0)
        order by b.id
        limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) =>
          `colour bet ${row.id} (${row.status}, ${row.amount_minor}): ${row.credits} credits of ` +
          `${row.credited_minor} in all, ${row.wrong} to another wallet`,
      );
    },
  },
  {
    name: 'colour-period-figures-add-up',
    description:
      'each settled colour period records its bets: count, stake, fee and payout sums; stake = fee + contract; house take = stake − payout',
    async run(db, limit) {
      const result = await sql<{
        id: number;
        bet_count: number;
        stake_total_minor: number;
        fee_total_minor: number;
        contract_total_minor: number;
        payout_total_minor: number;
        house_take_minor: number;
        bets: number;
        stakes: number;
        fees: number;
        payouts: number;
      }>`
        select p.id, p.bet_count, p.stake_total_minor, p.fee_total_minor, p.contract_total_minor,
          p.payout_total_minor, p.house_take_minor, count(b.id) as bets,
          coalesce(sum(b.stake_minor), 0) as stakes, coalesce(sum(b.fee_minor), 0) as fees,
          coalesce(sum(b.amount_minor), 0) as payouts
        from colour_periods p left join colour_bets b on b.period_id = p.id
        where p.status = 'settled'
        group by p.id, p.bet_count, p.stake_total_minor, p.fee_total_minor, p.contract_total_minor,
          p.payout_total_minor, p.house_take_minor
        having count(b.id) <> p.bet_count or coalesce(sum(b.stake_minor), 0) <> p.stake_total_minor
          or coalesce(sum(b.fee_minor), 0) <> p.fee_total_minor
          or coalesce(sum(b.amount_minor), 0) <> p.payout_total_minor
          or p.stake_total_minor <> p.fee_total_minor + p.contract_total_minor
          or p.house_take_minor <> p.stake_total_minor - p.payout_total_minor
        order by p.id
        limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) =>
          `colour period ${row.id}: recorded ${row.bet_count} bets, stake ${row.stake_total_minor}, fee ` +
          `${row.fee_total_minor}, contract ${row.contract_total_minor}, payout ${row.payout_total_minor}, ` +
          `house take ${row.house_take_minor}; its bets: ${row.bets}, stake ${row.stakes}, fee ${row.fees}, ` +
          `payout ${row.payouts}`,
      );
    },
  },
  {
    name: 'colour-settled-period-has-no-waiting-bet',
    description: 'no bet of a settled colour period is still waiting',
    async run(db, limit) {
      const result = await sql<{ id: number; period_id: number }>`
        select b.id, b.period_id from colour_bets b join colour_periods p on p.id = b.period_id
        where p.status = 'settled' and b.status = 'W'
        order by b.id limit ${limit}
      `.execute(db);
      return result.rows.map((row) => `colour bet ${row.id} still waits in settled period ${row.period_id}`);
    },
  },
];
