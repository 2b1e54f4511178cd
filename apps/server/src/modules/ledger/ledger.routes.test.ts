import { TRANSACTION_TYPES, type TransactionListResponse } from '@app/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInTransaction } from '../../db/transaction.ts';
import { type AuthenticatedUser, createAuthGuard, type SessionResolver } from '../../http/auth-guard.ts';
import { registerErrorHandling } from '../../http/error-handler.ts';
import { ManualClock } from '../../platform/clock.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { gatewayClearing, systemAccount, userWallet } from './ledger.kinds.ts';
import { registerLedgerRoutes } from './ledger.routes.ts';
import { LedgerService } from './ledger.service.ts';

const PLAYER_TOKEN = 'p'.repeat(43);
const NEWCOMER_TOKEN = 'n'.repeat(43);
const PLAYER_ID = 31;
const NEWCOMER_ID = 32;
const START_MS = Date.UTC(2025, 2, 1);

/** Sessions as the accounts module resolves them: two known tokens, anything else is logged out. */
const sessions: SessionResolver = {
  resolve: async (token): Promise<AuthenticatedUser | null> => {
    if (token === PLAYER_TOKEN)
      return { userId: PLAYER_ID, sessionId: 1, access: { early: true, transfer: true } };
    if (token === NEWCOMER_TOKEN)
      return { userId: NEWCOMER_ID, sessionId: 2, access: { early: true, transfer: true } };
    return null;
  },
};

describeEachDatabase('GET /user/transactions', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(START_MS);

  beforeAll(async () => {
    const ledger = new LedgerService(database(), clock);
    await runInTransaction(database(), async (trx) => {
      for (let index = 1; index <= 12; index += 1) {
        clock.set(START_MS + index * 1_000);
        await ledger.transfer(trx, {
          debit: gatewayClearing('sandbox'),
          credit: userWallet(PLAYER_ID),
          amountMinor: 10_000 + index,
          kind: 'recharge',
          reference: { type: 'recharge', id: `R${index}` },
          idempotencyKey: `routes:recharge:${index}`,
        });
      }
      clock.set(START_MS + 20_000);
      await ledger.transfer(trx, {
        debit: userWallet(PLAYER_ID),
        credit: systemAccount('shop_revenue'),
        amountMinor: 2_550,
        kind: 'order',
        reference: { type: 'order', id: 77 },
        idempotencyKey: 'routes:order:77',
      });
    });
    app = Fastify();
    registerErrorHandling(app, 65_536);
    registerLedgerRoutes(app, { ledger, authGuard: createAuthGuard(sessions) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const list = (url: string, token: string | null = PLAYER_TOKEN) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Token ${token}` } : {} });

  it('answers 401 without a live session', async () => {
    const missing = await list('/user/transactions', null);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ code: 401, msg: 'Please log in again' });
    expect((await list('/user/transactions', 'x'.repeat(43))).statusCode).toBe(401);
  });

  it('lists the user’s own transactions newest first, ten per page by default', async () => {
    const response = await list('/user/transactions?t=1700000000000');
    expect(response.statusCode).toBe(200);
    const body = response.json<TransactionListResponse>();
    expect(body.code).toBe(200);
    expect(body.page.count).toBe(13);
    expect(body.queryset).toHaveLength(10);
    expect(body.queryset[0]).toEqual({
      type: 'ORD',
      change_balance: '-25.50',
      relation_id: '77',
      create_time: START_MS + 20_000,
    });
    expect(body.queryset[1]).toEqual({
      type: 'RE',
      change_balance: '100.12',
      relation_id: 'R12',
      create_time: START_MS + 12_000,
    });
    for (const row of body.queryset) expect(TRANSACTION_TYPES).toContain(row.type);
  });

  it('pages with p and p_size', async () => {
    const response = await list('/user/transactions?p=2&p_size=5');
    const body = response.json<TransactionListResponse>();
    expect(body.page.count).toBe(13);
    expect(body.queryset.map((row) => row.relation_id)).toEqual(['R8', 'R7', 'R6', 'R5', 'R4']);
    const last = await list('/user/transactions?p=3&p_size=5');
    expect(last.json<TransactionListResponse>().queryset.map((row) => row.relation_id)).toEqual([
      'R3',
      'R2',
      'R1',
    ]);
  });

  it('shows nobody else’s money', async () => {
    const response = await list('/user/transactions', NEWCOMER_TOKEN);
    expect(response.json()).toEqual({ code: 200, page: { count: 0 }, queryset: [] });
  });

  it.each([
    ['p=0', /p must be at least 1/],
    ['p=abc', /p must be a whole number/],
    ['p_size=101', /p_size must be at most 100/],
    ['p_size=-1', /p_size must be a whole number/],
  ])('answers 400 for %s', async (query, message) => {
    const response = await list(`/user/transactions?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(message);
  });
});
