import { sql } from 'kysely';
import type { LedgerCheck } from '../ledger/ledger-check.service.ts';
import { ORDER_REFERENCE_TYPE } from './orders.service.ts';

/**
 * The shop's money invariants, to run beside the ledger's own (`npm run ledger:check`, and after tests
 * that buy or cancel): each order was paid exactly once, by its buyer, its price; each cancelled order was
 * refunded exactly once, to its buyer, its price; no other order was refunded. (The ledger keeps reference
 * ids as text, hence the cast of the order id, spelt the same on both dialects.)
 */
export const ORDER_LEDGER_CHECKS: readonly LedgerCheck[] = [
  {
    name: 'order-paid-once',
    description:
      'each order has exactly one order payment of its price from its buyer, the transfer it names',
    async run(db, limit) {
      const result = await sql<{
        id: number;
        price_minor: number;
        payments: number;
        paid_minor: number;
        wrong_payer: number;
        unnamed: number;
      }>`
        select o.id, o.price_minor,
          count(t.id) as payments,
          coalesce(sum(t.amount_minor), 0) as paid_minor,
          sum(case when t.id is not null and (a.user_id is null or a.user_id <> o.user_id)
            then 1 else 0 end) as wrong_payer,
          sum(case when t.id is not null
              and (o.payment_transfer_id is null or o.payment_transfer_id <> t.id)
            then 1 else 0 end) as unnamed
        from orders o
        left join ledger_transfers t
          on t.reference_type = ${ORDER_REFERENCE_TYPE} and t.reference_id = cast(o.id as varchar(100))
          and t.kind = 'order'
        left join ledger_accounts a on a.id = t.debit_account_id
        group by o.id, o.price_minor, o.user_id
        having count(t.id) <> 1
          or coalesce(sum(t.amount_minor), 0) <> o.price_minor
          or sum(case when t.id is not null and (a.user_id is null or a.user_id <> o.user_id)
            then 1 else 0 end) > 0
          or sum(case when t.id is not null
              and (o.payment_transfer_id is null or o.payment_transfer_id <> t.id)
            then 1 else 0 end) > 0
        order by o.id
        limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) =>
          `order ${row.id} (${row.price_minor}): ${row.payments} payments of ${row.paid_minor} in all, ` +
          `${row.wrong_payer} from another wallet, ${row.unnamed} not the one the order names`,
      );
    },
  },
  {
    name: 'order-refunded-once',
    description:
      'each cancelled order has exactly one refund of its price to its buyer, and no other order has any',
    async run(db, limit) {
      const result = await sql<{
        id: number;
        status: string;
        price_minor: number;
        refunds: number;
        refunded_minor: number;
        wrong_payee: number;
      }>`
        select o.id, o.status, o.price_minor,
          count(t.id) as refunds,
          coalesce(sum(t.amount_minor), 0) as refunded_minor,
          sum(case when t.id is not null and (a.user_id is null or a.user_id <> o.user_id)
            then 1 else 0 end) as wrong_payee
        from orders o
        left join ledger_transfers t
          on t.reference_type = ${ORDER_REFERENCE_TYPE} and t.reference_id = cast(o.id as varchar(100))
          and t.kind = 'order_refund'
        left join ledger_accounts a on a.id = t.credit_account_id
        group by o.id, o.status, o.price_minor, o.user_id
        having (o.status = 'cancelled' and (count(t.id) <> 1
            or coalesce(sum(t.amount_minor), 0) <> o.price_minor
            or sum(case when t.id is not null and (a.user_id is null or a.user_id <> o.user_id)
              then 1 else 0 end) > 0))
          or (o.status <> 'cancelled' and count(t.id) > 0)
        order by o.id
        limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) =>
          `order ${row.id} (${row.status}, ${row.price_minor}): ${row.refunds} refunds of ` +
          `${row.refunded_minor} in all, ${row.wrong_payee} to another wallet`,
      );
    },
  },
];
