import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/dialect.ts';
import type { TestBuyer } from '../orders/order-fixtures.ts';

/** A complete bank card body for market in (IFSC required, upi_account optional). */
export function indiaCardBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    actual_name: 'Asha Rao',
    ifsc_code: 'SBIN0001234',
    bank_name: 'State Bank of India',
    account_number: '123456789012',
    province: 'Karnataka',
    city: 'Bengaluru',
    address: '12 MG Road',
    mobile_number: '+91 98765 43210',
    email: 'asha@example.com',
    upi_account: '',
    ...overrides,
  };
}

/** Adds a card through the API and answers its id. */
export async function addCard(
  app: FastifyInstance,
  buyer: TestBuyer,
  body: Record<string, unknown> = indiaCardBody(),
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/user/edit_bank_card',
    headers: buyer.headers,
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`edit_bank_card failed: ${response.body}`);
  return response.json().entry.id as number;
}

/** The mobile number of a user (where edit_bankcard codes go). */
export async function mobileOfUser(database: AppDatabase, userId: number): Promise<string> {
  const row = await database.db
    .selectFrom('users')
    .select('mobile')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.mobile;
}

/** How many withdrawal holds (pending or resolved) a user's wallet has. */
export async function holdCount(database: AppDatabase, userId: number): Promise<number> {
  const row = await database.db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('hold_transfer_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
