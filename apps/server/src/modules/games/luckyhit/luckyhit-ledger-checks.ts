import { sql } from 'kysely';
import type { LedgerCheck } from '../../ledger/ledger-check.service.ts';
import {
  LUCKY_HIT_BET_REFERENCE_TYPE,
  LUCKY_HIT_ROUND_REFERENCE_TYPE,
} from './luckyhit-settlement.service.ts';

/**
 * Lucky Hit's money invariants, beside the ledger's own: each bet's stake was paid exactly once, from its
 * player's wallet; each player's wins of a round were credited once, their sum, to that player; each
 * settled round's figures match its bets, none of which is still waiting.
 */
export const LUCKY_HIT_LEDGER_CHECKS: readonly LedgerCheck[] = [
  {
    name: 'luckyhit-bet-paid-once',
    description: 'each Lucky Hit bet has exactly one luckyhit_bet transfer of its stake from its player',
    async run(db, limit) {
      const result = await sql<{ id: number; payments: number; paid_minor: number; stake_minor: number }>`
        select b.id, b.stake_minor, count(t.id) as payments, coalesce(sum(t.amount_minor), 0) as paid_minor
        from luckyhit_bets b
        left join ledger_transfers t on t.reference_type = ${LUCKY_HIT_BET_REFERENCE_TYPE}
          and t.reference_id = cast(b.id as varchar(100)) and t.kind = 'luckyhit_bet'
        left join ledger_accounts a on a.id = t.debit_account_id and a.user_id = b.user_id
        group by b.id, b.stake_minor
        having count(t.id) <> 1 or coalesce(sum(t.amount_minor), 0) <> b.stake_minor or count(a.id) <> 1
        order by b.id
        limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) => `luckyhit bet ${row.id} (${row.stake_minor}): ${row.payments} stakes of ${row.paid_minor}`,
      );
    },
  },
  {
    name: 'luckyhit-win-credited-once',
    description: "each player's Lucky Hit wins of a round were credited once, their sum, to that player",
    async run(db, limit) {
      const result = await sql<{ round_id: number; user_id: number; won: number; credited: number }>`
        select coalesce(w.round_id, c.round_id) as round_id, coalesce(w.user_id, c.user_id) as user_id,
          coalesce(w.won, 0) as won, coalesce(c.credited, 0) as credited
        from (select round_id, user_id, sum(payout_minor) as won from luckyhit_bets where status = 'S'
          group by round_id, user_id) w
        full outer join (select cast(t.reference_id as bigint) as round_id, a.user_id as user_id,
            sum(t.amount_minor) as credited, count(*) as credits
          from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
          where t.kind = 'luckyhit_win' and t.reference_type = ${LUCKY_HIT_ROUND_REFERENCE_TYPE}
          group by t.reference_id, a.user_id) c on c.round_id = w.round_id and c.user_id = w.user_id
        where coalesce(w.won, 0) <> coalesce(c.credited, 0) or coalesce(c.credits, 1) <> 1
        limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) =>
          `luckyhit round ${row.round_id} user ${row.user_id}: won ${row.won}, credited ${row.credited}`,
      );
    },
  },
  {
    name: 'luckyhit-round-figures',
    description: "each settled Lucky Hit round's figures match its bets, none of which is waiting",
    async run(db, limit) {
      const result = await sql<{ id: number; period: string }>`
        select r.id, r.period from luckyhit_rounds r
        left join (select round_id, count(*) as bets, sum(stake_minor) as stake, sum(fee_minor) as fee,
            sum(payout_minor) as payout, sum(case when status = 'W' then 1 else 0 end) as waiting
          from luckyhit_bets group by round_id) b on b.round_id = r.id
        where r.status = 'settled' and (r.bet_count <> coalesce(b.bets, 0)
          or r.stake_total_minor <> coalesce(b.stake, 0) or r.fee_total_minor <> coalesce(b.fee, 0)
          or r.payout_total_minor <> coalesce(b.payout, 0) or coalesce(b.waiting, 0) > 0
          or r.house_take_minor <> r.stake_total_minor - r.payout_total_minor)
        order by r.id
        limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) => `luckyhit round ${row.period} (${row.id}): figures do not match its bets`,
      );
    },
  },
];
