import { sql } from 'kysely';
import type { LedgerCheck } from '../ledger/ledger-check.service.ts';
import { MANUAL_ADAPTERS } from '../payments/payment-adapters.ts';
import { RECHARGE_REFERENCE_TYPE } from './recharge-crediting.service.ts';

const manualAdapterList = sql.join(MANUAL_ADAPTERS.map((adapter) => sql.lit(adapter)));

/**
 * The wallet's invariants, run by `npm run ledger:check` beside the ledger's own (DESIGN.md "The
 * ledger": each gateway payment, UTR and webhook event credits at most once).
 */
export const WALLET_LEDGER_CHECKS: readonly LedgerCheck[] = [
  {
    name: 'recharge-credited-once',
    description:
      'each credited recharge has exactly one recharge credit of its amount to its owner, and no other recharge has any',
    async run(db, limit) {
      const result = await sql<{
        serial_number: string;
        status: string;
        amount_minor: number;
        credits: number;
        credited_minor: number;
        wrong_owner: number;
      }>`
        select r.serial_number, r.status, r.amount_minor,
          count(t.id) as credits,
          coalesce(sum(t.amount_minor), 0) as credited_minor,
          sum(case when a.user_id is null or a.user_id <> r.user_id then 1 else 0 end) as wrong_owner
        from recharges r
        left join ledger_transfers t
          on t.reference_type = ${RECHARGE_REFERENCE_TYPE} and t.reference_id = r.serial_number
          and t.kind = 'recharge'
        left join ledger_accounts a on a.id = t.credit_account_id
        group by r.id, r.serial_number, r.status, r.amount_minor, r.user_id
        having (r.status = 'Success' and (count(t.id) <> 1
            or coalesce(sum(t.amount_minor), 0) <> r.amount_minor
            or sum(case when a.user_id is null or a.user_id <> r.user_id then 1 else 0 end) > 0))
          or (r.status <> 'Success' and count(t.id) > 0)
        order by r.id
        limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) =>
          `recharge ${row.serial_number} (${row.status}, ${row.amount_minor}): ${row.credits} credits of ` +
          `${row.credited_minor} in all, ${row.wrong_owner} to another wallet`,
      );
    },
  },
  {
    name: 'gateway-payment-once',
    description:
      'each gateway payment credits at most one recharge, and every credited gateway recharge names its payment',
    async run(db, limit) {
      const result = await sql<{ adapter: string; gateway_payment_id: string | null; recharges: number }>`
        select adapter, gateway_payment_id, count(*) as recharges
        from recharges
        where status = 'Success' and adapter not in (${manualAdapterList})
        group by adapter, gateway_payment_id
        having count(*) > 1 or gateway_payment_id is null
        limit ${limit}
      `.execute(db);
      return result.rows.map((row) =>
        row.gateway_payment_id === null
          ? `${row.recharges} credited ${row.adapter} recharges name no gateway payment`
          : `${row.adapter} payment ${row.gateway_payment_id} credited ${row.recharges} recharges`,
      );
    },
  },
  {
    name: 'utr-once',
    description: 'each UTR belongs to one recharge, and every credited manual recharge has one',
    async run(db, limit) {
      const duplicates = await sql<{ utr: string; recharges: number }>`
        select utr, count(*) as recharges from recharges where utr is not null
        group by utr having count(*) > 1 limit ${limit}
      `.execute(db);
      const missing = await sql<{ serial_number: string }>`
        select serial_number from recharges
        where status = 'Success' and adapter in (${manualAdapterList}) and utr is null
        order by id limit ${limit}
      `.execute(db);
      return [
        ...duplicates.rows.map((row) => `UTR ${row.utr} is on ${row.recharges} recharges`),
        ...missing.rows.map((row) => `manual recharge ${row.serial_number} was credited without a UTR`),
      ].slice(0, limit);
    },
  },
  {
    name: 'webhook-event-once',
    description: 'each webhook event is recorded once and credited at most one recharge',
    async run(db, limit) {
      const result = await sql<{ provider: string; event_id: string; deliveries: number }>`
        select provider, event_id, count(*) as deliveries from webhook_events
        group by provider, event_id having count(*) > 1 limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) => `event ${row.provider}/${row.event_id} is recorded ${row.deliveries} times`,
      );
    },
  },
  {
    name: 'first-recharge-once',
    description: 'each user has at most one first recharge, and it is a credited one',
    async run(db, limit) {
      const result = await sql<{ user_id: number; firsts: number; uncredited: number }>`
        select user_id, count(*) as firsts,
          sum(case when status = 'Success' then 0 else 1 end) as uncredited
        from recharges where is_first_recharge = 1
        group by user_id
        having count(*) > 1 or sum(case when status = 'Success' then 0 else 1 end) > 0
        limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) => `user ${row.user_id} has ${row.firsts} first recharges, ${row.uncredited} not credited`,
      );
    },
  },
];
