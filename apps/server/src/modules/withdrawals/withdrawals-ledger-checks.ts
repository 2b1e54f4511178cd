import { sql } from 'kysely';
import type { LedgerCheck } from '../ledger/ledger-check.service.ts';
import { WITHDRAWAL_REFERENCE_TYPE } from './withdrawals.service.ts';

/**
 * The withdrawals' money invariants, beside the ledger's own (`npm run ledger:check`, and after tests
 * that withdraw): each withdrawal holds exactly its amount once, from its owner's wallet, by the transfer it
 * names; each hold is resolved at most once and as its status says (Wait: not at all; Success: posted in
 * full with the fee moved to fee revenue; Reject: voided). Reference ids are text in the ledger, hence the
 * cast of the withdrawal id.
 */
export const WITHDRAWAL_LEDGER_CHECKS: readonly LedgerCheck[] = [
  {
    name: 'withdrawal-held-once',
    description: 'each withdrawal has exactly one hold of its amount from its owner, the transfer it names',
    async run(db, limit) {
      const result = await sql<{
        id: number;
        amount_minor: number;
        holds: number;
        held_minor: number;
        bad: number;
      }>`
        select w.id, w.amount_minor,
          count(t.id) as holds,
          coalesce(sum(t.amount_minor), 0) as held_minor,
          sum(case when t.id is not null and (a.user_id is null or a.user_id <> w.user_id
              or w.hold_transfer_id is null or w.hold_transfer_id <> t.id) then 1 else 0 end) as bad
        from withdrawals w
        left join ledger_transfers t
          on t.reference_type = ${WITHDRAWAL_REFERENCE_TYPE} and t.reference_id = cast(w.id as varchar(100))
          and t.kind = 'withdrawal' and t.pending_id is null
        left join ledger_accounts a on a.id = t.debit_account_id
        group by w.id, w.amount_minor, w.user_id, w.hold_transfer_id
        having count(t.id) <> 1
          or coalesce(sum(t.amount_minor), 0) <> w.amount_minor
          or sum(case when t.id is not null and (a.user_id is null or a.user_id <> w.user_id
              or w.hold_transfer_id is null or w.hold_transfer_id <> t.id) then 1 else 0 end) > 0
        order by w.id
        limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) =>
          `withdrawal ${row.id} (${row.amount_minor}): ${row.holds} holds of ${row.held_minor} in all, ` +
          `${row.bad} from another wallet or not the one it names`,
      );
    },
  },
  {
    name: 'withdrawal-resolved-as-status',
    description:
      'each withdrawal hold is resolved at most once: not while Wait, posted in full with its fee on Success, voided on Reject',
    async run(db, limit) {
      const result = await sql<{
        id: number;
        status: string;
        posts: number;
        posted_minor: number;
        voids: number;
        fees: number;
        fee_paid_minor: number;
      }>`
        select w.id, w.status,
          (select count(*) from ledger_transfers r
            where r.pending_id = w.hold_transfer_id and r.status = 'post_pending') as posts,
          (select coalesce(sum(r.amount_minor), 0) from ledger_transfers r
            where r.pending_id = w.hold_transfer_id and r.status = 'post_pending') as posted_minor,
          (select count(*) from ledger_transfers r
            where r.pending_id = w.hold_transfer_id and r.status = 'void_pending') as voids,
          (select count(*) from ledger_transfers f
            where f.reference_type = ${WITHDRAWAL_REFERENCE_TYPE}
              and f.reference_id = cast(w.id as varchar(100)) and f.kind = 'fee') as fees,
          (select coalesce(sum(f.amount_minor), 0) from ledger_transfers f
            where f.reference_type = ${WITHDRAWAL_REFERENCE_TYPE}
              and f.reference_id = cast(w.id as varchar(100)) and f.kind = 'fee') as fee_paid_minor,
          w.amount_minor, w.fee_minor
        from withdrawals w
        order by w.id
      `.execute(db);
      const violations: string[] = [];
      for (const row of result.rows as Array<
        (typeof result.rows)[number] & { amount_minor: number; fee_minor: number }
      >) {
        const posts = Number(row.posts);
        const voids = Number(row.voids);
        const fees = Number(row.fees);
        const expectedFees = row.fee_minor > 0 ? 1 : 0;
        const ok =
          row.status === 'Wait'
            ? posts === 0 && voids === 0 && fees === 0
            : row.status === 'Success'
              ? posts === 1 &&
                voids === 0 &&
                Number(row.posted_minor) === row.amount_minor &&
                fees === expectedFees &&
                Number(row.fee_paid_minor) === row.fee_minor
              : posts === 0 && voids === 1 && fees === 0;
        if (!ok) {
          violations.push(
            `withdrawal ${row.id} (${row.status}): ${posts} posts of ${row.posted_minor}, ${voids} voids, ` +
              `${fees} fees of ${row.fee_paid_minor}`,
          );
          if (violations.length >= limit) break;
        }
      }
      return violations;
    },
  },
];
