import { sql } from 'kysely';
import { BONUS_ACCOUNT_CODE_PREFIX } from '../ledger/ledger.kinds.ts';
import type { LedgerCheck } from '../ledger/ledger-check.service.ts';

const bonusCodePattern = `${BONUS_ACCOUNT_CODE_PREFIX}%`;

/** The promotion's invariants (DESIGN.md §6), run by `npm run ledger:check` beside the ledger's own. */
export const PROMOTION_LEDGER_CHECKS: readonly LedgerCheck[] = [
  {
    name: 'bonus-account-not-negative',
    description: 'no bonus account ever hands out more than it received',
    async run(db, limit) {
      const result = await sql<{ code: string; credits_posted: number; debits: number }>`
        select code, credits_posted, debits_posted + debits_pending as debits from ledger_accounts
        where code like ${bonusCodePattern} and debits_posted + debits_pending > credits_posted
        order by id limit ${limit}
      `.execute(db);
      return result.rows.map((row) => `${row.code}: ${row.debits} out of ${row.credits_posted} received`);
    },
  },
  {
    name: 'bonus-paid-once',
    description:
      'each bonus row has exactly one promotion_bonus transfer of its amount into its owner’s bonus account',
    async run(db, limit) {
      const result = await sql<{ id: number; amount_minor: number; transfers: number; paid: number | null }>`
        select b.id, b.amount_minor, count(t.id) as transfers, sum(t.amount_minor) as paid
        from promotion_bonuses b
        left join ledger_transfers t on t.idempotency_key = b.bonus_key and t.kind = 'promotion_bonus'
        left join ledger_accounts a on a.id = t.credit_account_id
          and a.code = ${BONUS_ACCOUNT_CODE_PREFIX} || cast(b.user_id as varchar(20))
        group by b.id, b.amount_minor
        having count(t.id) <> 1 or sum(t.amount_minor) <> b.amount_minor or count(a.id) <> 1
        order by b.id limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) => `bonus ${row.id} (${row.amount_minor}): ${row.transfers} transfers paying ${row.paid ?? 0}`,
      );
    },
  },
  {
    name: 'first-recharge-bonus-once',
    description: 'a referred player earns at most one BFFR bonus',
    async run(db, limit) {
      const result = await sql<{ source_user_id: number; bonuses: number }>`
        select source_user_id, count(*) as bonuses from promotion_bonuses where type = 'BFFR'
        group by source_user_id having count(*) > 1 order by source_user_id limit ${limit}
      `.execute(db);
      return result.rows.map((row) => `player ${row.source_user_id} earned ${row.bonuses} BFFR bonuses`);
    },
  },
  {
    name: 'profit-transfer-matches-hold',
    description:
      'each profit transfer holds its amount; Completed posted it, Refused voided it, Wait neither',
    async run(db, limit) {
      const result = await sql<{ id: number; status: string; resolution: string | null }>`
        select p.id, p.status, r.status as resolution
        from profit_transfers p
        left join ledger_transfers h on h.id = p.hold_transfer_id
        left join ledger_transfers r on r.pending_id = h.id
        where h.id is null or h.amount_minor <> p.amount_minor or h.status <> 'pending'
          or (p.status = 'Wait' and r.id is not null)
          or (p.status = 'Completed' and (r.status is null or r.status <> 'post_pending' or r.amount_minor <> p.amount_minor))
          or (p.status = 'Refused' and (r.status is null or r.status <> 'void_pending'))
        order by p.id limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) => `profit transfer ${row.id} (${row.status}): resolution ${row.resolution}`,
      );
    },
  },
];
