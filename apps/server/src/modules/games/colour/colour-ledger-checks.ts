import { sql } from 'kysely';
import type { LedgerCheck } from '../../ledger/ledger-check.service.ts';
import { COLOUR_BET_REFERENCE_TYPE, COLOUR_PERIOD_REFERENCE_TYPE } from './colour-settlement.service.ts';

/**
 * The colour game's money invariants, beside the ledger's own: each bet's stake was paid exactly once,
 * from its player's wallet, into game escrow; each player's wins of a period were credited exactly once,
 * their sum, to that player, and nothing else was credited; each settled period's figures add up and match its bets; no bet
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
      "each player's wins of a colour period were credited once, their sum, to that player; nothing else was credited",
    // A period's wins are one colour_win credit per player (reference: the period); periods settled by
    // earlier versions have one per won bet (reference: the bet), and the ledger is append-only. Both forms are attributed to
    // (period, credited player) and compared with that player's won bets of the period: the credited sum
    // must equal the won sum, by at most one period credit, or else by exactly one bet credit per won bet,
    // each its bet's amount, never both forms at once. A credit to another wallet shows up twice: the
    // player it should have gone to is short, the one it went to is over.
    async run(db, limit) {
      const result = await sql<{
        period_id: number | null;
        user_id: number | null;
        won_minor: number;
        won_bets: number;
        credited_minor: number;
        period_credits: number;
        bet_credits: number;
        bets_credited: number;
        bad_bet_credits: number;
      }>`
        select x.period_id, x.user_id, sum(x.won_minor) as won_minor, sum(x.won_bets) as won_bets,
          sum(x.credited_minor) as credited_minor, sum(x.period_credits) as period_credits,
          sum(x.bet_credits) as bet_credits, count(distinct x.credited_bet_id) as bets_credited,
          sum(x.bad_bet_credits) as bad_bet_credits
        from (
          select b.period_id, b.user_id, b.amount_minor as won_minor, 1 as won_bets, 0 as credited_minor,
            0 as period_credits, 0 as bet_credits, cast(null as bigint) as credited_bet_id, 0 as bad_bet_credits
          from colour_bets b where b.status = 'S'
          union all
          select p.id, a.user_id, 0, 0, t.amount_minor, 1, 0, cast(null as bigint), 0
          from colour_periods p
          join ledger_transfers t on t.reference_type = ${COLOUR_PERIOD_REFERENCE_TYPE}
            and t.reference_id = cast(p.id as varchar(100)) and t.kind = 'colour_win'
          join ledger_accounts a on a.id = t.credit_account_id
          union all
          select b.period_id, a.user_id, 0, 0, t.amount_minor, 0, 1, b.id,
            case when b.status <> 'S' or t.amount_minor <> b.amount_minor then 1 else 0 end
          from colour_bets b
          join ledger_transfers t on t.reference_type = ${COLOUR_BET_REFERENCE_TYPE}
            and t.reference_id = cast(b.id as varchar(100)) and t.kind = 'colour_win'
          join ledger_accounts a on a.id = t.credit_account_id
        ) x
        group by x.period_id, x.user_id
        having sum(x.credited_minor) <> sum(x.won_minor) or sum(x.period_credits) > 1
          or (sum(x.period_credits) = 1 and sum(x.bet_credits) > 0)
          or (sum(x.period_credits) = 0 and sum(x.bet_credits) > 0
            and (sum(x.bet_credits) <> sum(x.won_bets) or count(distinct x.credited_bet_id) <> sum(x.won_bets)))
          or sum(x.bad_bet_credits) > 0
        order by x.period_id, x.user_id
        limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) =>
          `colour period ${row.period_id}, player ${row.user_id}: won ${row.won_minor} on ${row.won_bets} ` +
          `bets, credited ${row.credited_minor} by ${row.period_credits} period credits and ` +
          `${row.bet_credits} bet credits (${row.bets_credited} bets, ${row.bad_bet_credits} not matching their bet)`,
      );
    },
  },
  {
    name: 'colour-win-references-a-bet-or-period',
    description:
      'every colour_win credit references a colour period (or, from earlier versions, a colour bet)',
    async run(db, limit) {
      // The check above only sees credits whose reference resolves; one that resolves to nothing would
      // be money out of game escrow that no win accounts for. Counted rather than listed so that neither
      // database has to compare a reference text with every period and bet id.
      const result = await sql<{ credits: number; attributed: number }>`
        select
          (select count(*) from ledger_transfers t where t.kind = 'colour_win') as credits,
          (select count(*) from colour_periods p join ledger_transfers t
            on t.reference_type = ${COLOUR_PERIOD_REFERENCE_TYPE} and t.reference_id = cast(p.id as varchar(100))
            and t.kind = 'colour_win')
          + (select count(*) from colour_bets b join ledger_transfers t
            on t.reference_type = ${COLOUR_BET_REFERENCE_TYPE} and t.reference_id = cast(b.id as varchar(100))
            and t.kind = 'colour_win') as attributed
      `.execute(db);
      const row = result.rows[0];
      const orphans = Number(row?.credits ?? 0) - Number(row?.attributed ?? 0);
      return orphans === 0
        ? []
        : [`${orphans} colour_win credits reference no colour period or bet`].slice(0, limit);
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
