import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/dialect.ts';
import type { NewProductRow, ProductRow } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../platform/clock.ts';
import { tokenHeader, uniqueTestMobile } from '../accounts/account-fixtures.ts';
import { hashPassword } from '../accounts/password-hasher.ts';
import { SessionService } from '../accounts/session.service.ts';
import { systemAccount, userWallet } from '../ledger/ledger.kinds.ts';
import { LedgerService } from '../ledger/ledger.service.ts';

/**
 * Helpers for tests of the shop's purchase side: buyers written straight to the database with a live
 * session, wallets funded through the ledger, products, and addresses added through the API.
 */

/** The login password of every buyer these helpers create. */
export const BUYER_PASSWORD = 'buyer-password';

let passwordHash: Promise<string> | undefined;
let buyerCounter = 0;

export interface TestBuyer {
  readonly userId: number;
  readonly token: string;
  readonly headers: { authorization: string };
}

/** A user with BUYER_PASSWORD and a live session (hashing the password once per test file). */
export async function createBuyer(
  database: AppDatabase,
  clock: Clock,
  options: { earlyAccess?: boolean } = {},
): Promise<TestBuyer> {
  passwordHash ??= hashPassword(BUYER_PASSWORD);
  buyerCounter += 1;
  const now = clock.now();
  const row = await database.db
    .insertInto('users')
    .values({
      mobile: uniqueTestMobile(),
      password_hash: await passwordHash,
      nick_name: `Buyer ${buyerCounter}`,
      r_code: `BUY${process.pid}X${buyerCounter}`,
      referrer_level1_id: null,
      referrer_level2_id: null,
      is_early: options.earlyAccess ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userId = Number(row.id);
  const token = await new SessionService(database.db, clock).create({ userId, deviceId: null, ip: null });
  return { userId, token, headers: tokenHeader(token) };
}

/** A buyer with early access (is_early), as every game call needs. */
export function createPlayer(database: AppDatabase, clock: Clock): Promise<TestBuyer> {
  return createBuyer(database, clock, { earlyAccess: true });
}

let fundingCounter = 0;

/** Credits a wallet as an operator's hand recharge would (HRE), through the ledger. */
export async function fundWallet(
  database: AppDatabase,
  clock: Clock,
  userId: number,
  amountMinor: number,
): Promise<void> {
  fundingCounter += 1;
  const key = `test-funding:${process.pid}:${fundingCounter}`;
  const ledger = new LedgerService(database, clock);
  await runInTransaction(database, (trx) =>
    ledger.transfer(trx, {
      debit: systemAccount('manual_upi_clearing'),
      credit: userWallet(userId),
      amountMinor,
      kind: 'manual_recharge',
      reference: { type: 'test_funding', id: key },
      idempotencyKey: key,
    }),
  );
}

/** A user's shown balance. */
export function balanceOf(database: AppDatabase, clock: Clock, userId: number): Promise<number> {
  return new LedgerService(database, clock).balanceMinor(database.db, userId);
}

/** Inserts an active, cancellable product with stock 10 unless told otherwise. */
export async function insertTestProduct(
  database: AppDatabase,
  overrides: Partial<NewProductRow> = {},
): Promise<ProductRow> {
  return database.db
    .insertInto('products')
    .values({
      name: 'Gold coin 1 g',
      price_minor: 10_000,
      main_image: '/media/products/coin-1.svg',
      image2: '/media/products/coin-2.svg',
      image3: '',
      spec: 'Weight=1 g,Purity=999',
      stock: 10,
      cancellable: 1,
      is_active: 1,
      sort_order: 0,
      created_at: 1,
      updated_at: 1,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A product's stock as stored. */
export async function stockOf(database: AppDatabase, productId: number): Promise<number> {
  const row = await database.db
    .selectFrom('products')
    .select('stock')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.stock;
}

/** A complete address body for POST /user/edit_address. */
export function addressBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    full_name: 'Asha Rao',
    mobile_number: '+91 98765 43210',
    pin_code: '560001',
    state: 'Karnataka',
    town_city: 'Bengaluru',
    detail_address: '12 MG Road, 2nd floor',
    ...overrides,
  };
}

/** Adds an address through the API and answers its id. */
export async function addAddress(
  app: FastifyInstance,
  buyer: TestBuyer,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/user/edit_address',
    headers: buyer.headers,
    payload: addressBody(overrides),
  });
  if (response.statusCode !== 200) throw new Error(`edit_address failed: ${response.body}`);
  return response.json().entry.id as number;
}
