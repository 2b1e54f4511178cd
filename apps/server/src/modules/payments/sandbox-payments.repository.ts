import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SandboxPaymentRow } from './payments.tables.ts';

export interface NewSandboxPayment {
  order_id: string;
  payment_id: string;
  amount_minor: number;
  status: 'paid' | 'failed';
  created_at: number;
}

/**
 * Records a payment attempt at the sandbox gateway; answers false when the order already has a
 * successful payment (the partial unique index refuses a second one, on both dialects).
 */
export async function insertSandboxPayment(
  db: Kysely<Database>,
  payment: NewSandboxPayment,
): Promise<boolean> {
  const row = await db
    .insertInto('sandbox_payments')
    .values(payment)
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Every payment attempt of an order, oldest first. */
export async function listSandboxPayments(
  db: Kysely<Database>,
  orderId: string,
): Promise<SandboxPaymentRow[]> {
  return db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** One payment attempt by its id. */
export async function findSandboxPayment(
  db: Kysely<Database>,
  paymentId: string,
): Promise<SandboxPaymentRow | undefined> {
  return db.selectFrom('sandbox_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}
