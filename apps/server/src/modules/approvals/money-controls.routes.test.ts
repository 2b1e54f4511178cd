import { APPROVAL_REQUEST_TTL_MS, ApprovalMessage, GiftMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { GIFT_CLAIMS_PER_IP_PER_MINUTE, GIFT_CLAIMS_PER_USER_PER_MINUTE } from '../gifts/gifts.service.ts';
import {
  adminTokenHeaders,
  createEnrolledOperators,
  loginOperator,
  type TestOperator,
} from '../operators/operator-fixtures.ts';
import { balanceOf, createBuyer, fundWallet, type TestBuyer } from '../orders/order-fixtures.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { WageringService } from '../withdrawals/wagering.service.ts';

const ADMIN_TOKEN = 'money-controls-admin-token-0123456789';
const DAY_MS = 24 * 60 * 60_000;

describeEachDatabase('operator money controls', (database) => {
  const clock = new ManualClock(Date.parse('2026-03-02T06:00:00Z'));
  let app: FastifyInstance;
  let ops: Record<'support' | 'support2' | 'finance' | 'finance2' | 'auditor' | 'owner', TestOperator>;
  let addressCounter = 0;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
    ops = await createEnrolledOperators(app, database(), clock, {
      support: { username: 'support-ann', role: 'support' },
      support2: { username: 'support-bob', role: 'support' },
      finance: { username: 'finance-cat', role: 'finance' },
      finance2: { username: 'finance-dan', role: 'finance' },
      auditor: { username: 'auditor-eve', role: 'auditor' },
      owner: { username: 'owner-fay', role: 'owner' },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Moves the clock on; console sessions end after 30 idle minutes, so every operator logs in again. */
  const advance = async (ms: number) => {
    clock.advance(ms);
    for (const name of Object.keys(ops) as Array<keyof typeof ops>) {
      ops[name] = await loginOperator(app, clock, ops[name]);
    }
  };
  const call = (
    headers: { authorization: string },
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
  ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const decide = (who: TestOperator, id: number, verb: 'approve' | 'refuse' | 'cancel', reason = 'checked') =>
    call(who.headers, 'POST', `/admin/api/approvals/${id}/${verb}`, { reason });
  const player = async (): Promise<TestBuyer & { mobile: string }> => {
    const buyer = await createBuyer(database(), clock);
    const row = await database()
      .db.selectFrom('users')
      .select('mobile')
      .where('id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    return { ...buyer, mobile: row.mobile };
  };
  const claim = (who: TestBuyer & { mobile: string }, code: string, remoteAddress?: string) => {
    addressCounter += 1;
    return app.inject({
      method: 'POST',
      url: '/mana/receive_red_packet',
      headers: who.headers,
      remoteAddress: remoteAddress ?? `10.9.${addressCounter >> 8}.${addressCounter & 255}`,
      payload: { packet_code: code, mobile: who.mobile },
    });
  };
  const giftCode = (code: string, total: string, extra: Record<string, unknown> = {}) => ({
    code,
    total,
    count: 1,
    split: 'fixed',
    expires_at: clock.now() + DAY_MS,
    ...extra,
  });
  const settingValue = (key: 'withdrawal.four_eyes_threshold_minor' | 'withdrawal.needs_bet_factor') =>
    new SettingsService(database().db, clock).get(key);

  describe('gift codes', () => {
    it('makes a code above the single-approval maximum only when a second, finance operator approves it', async () => {
      const asked = await call(
        ops.support.headers,
        'POST',
        '/admin/api/gift-codes',
        giftCode('BIGGIFT1', '100000'),
      );
      expect(asked.json()).toEqual({ code: 400, msg: expect.stringMatching(/^reason is required/) });
      // The daily cap is a second control: raise it (an owner's change that loosens, so it is approved too).
      await raiseGiftDailyCap(1_000_000_00);
      const requested = await call(
        ops.support.headers,
        'POST',
        '/admin/api/gift-codes',
        giftCode('BIGGIFT1', '100000', { reason: 'VIP campaign' }),
      );
      expect(requested.statusCode, requested.body).toBe(202);
      const request = requested.json().request;
      expect(request).toMatchObject({
        kind: 'gift_code.create',
        status: 'pending',
        amount: '100000.00',
        requested_by: 'support-ann',
        approver_roles: ['finance'],
        may_decide: false,
      });
      const winner = await player();
      // Not made: the accomplice's claim gets the answer of any invalid code.
      expect((await claim(winner, 'BIGGIFT1')).json()).toEqual({ code: 400, msg: GiftMessage.invalidCode });

      expect((await decide(ops.support, request.id, 'approve')).json()).toEqual({
        code: 409,
        msg: ApprovalMessage.ownRequest,
      });
      expect((await decide(ops.support2, request.id, 'approve')).json()).toEqual({
        code: 403,
        msg: ApprovalMessage.roleMayNotApprove,
      });
      expect((await decide(ops.auditor, request.id, 'approve')).statusCode).toBe(403);
      expect(
        (
          await call(adminTokenHeaders(ADMIN_TOKEN), 'POST', `/admin/api/approvals/${request.id}/approve`, {
            reason: 'x',
          })
        ).json(),
      ).toEqual({ code: 403, msg: ApprovalMessage.tokenMayNotApprove });
      const queue = (await call(ops.finance.headers, 'GET', '/admin/api/approvals')).json();
      expect(queue.queryset.find((row: { id: number }) => row.id === request.id)).toMatchObject({
        may_decide: true,
        reason: 'VIP campaign',
      });

      const approved = await decide(ops.finance, request.id, 'approve', 'campaign budget confirmed');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().entry).toMatchObject({
        status: 'approved',
        decided_by: 'finance-cat',
        decision_reason: 'campaign budget confirmed',
        result: { code: 'BIGGIFT1' },
      });
      expect((await decide(ops.finance2, request.id, 'approve')).json()).toEqual({
        code: 409,
        msg: ApprovalMessage.notPending,
      });
      const claimed = await claim(winner, 'BIGGIFT1');
      expect(claimed.json()).toMatchObject({ code: 200, price: '100000.00' });
      // Gift money is wagered like recharged money: it cannot be withdrawn straight away.
      expect(
        await new WageringService(new SettingsService(database().db, clock), clock).needsBetMinor(
          database().db,
          winner.userId,
        ),
      ).toBe(100_000_00);

      const audit = (await call(ops.owner.headers, 'GET', `/admin/api/audit?q=BIGGIFT1`)).json();
      const events = audit.queryset.map((row: { event: string }) => row.event);
      expect(events).toEqual(
        expect.arrayContaining(['approval_requested', 'approval_approved', 'gift_code_created']),
      );
      const alerts = (await call(ops.finance.headers, 'GET', '/admin/api/alerts')).json();
      expect(alerts.queryset.some((alert: { kind: string }) => alert.kind === 'large_gift_code')).toBe(true);
      await expectLedgerClean(database());
    });

    it('lets a code up to the maximum be made at once, and refuses a refused or expired request', async () => {
      const small = await call(
        ops.support.headers,
        'POST',
        '/admin/api/gift-codes',
        giftCode('SMALL001', '1000'),
      );
      expect(small.statusCode, small.body).toBe(200);
      const refusedAsk = await call(
        ops.support.headers,
        'POST',
        '/admin/api/gift-codes',
        giftCode('REFUSED1', '1000.01', { reason: 'try' }),
      );
      expect(refusedAsk.statusCode).toBe(202);
      const refused = await decide(ops.finance, refusedAsk.json().request.id, 'refuse', 'no budget');
      expect(refused.json().entry).toMatchObject({ status: 'refused', decision_reason: 'no budget' });
      expect((await decide(ops.finance2, refusedAsk.json().request.id, 'approve')).statusCode).toBe(409);

      const lateAsk = await call(
        ops.support.headers,
        'POST',
        '/admin/api/gift-codes',
        giftCode('LATE0001', '2000', { reason: 'later', expires_at: clock.now() + 3 * DAY_MS }),
      );
      await advance(APPROVAL_REQUEST_TTL_MS);
      expect((await decide(ops.finance, lateAsk.json().request.id, 'approve')).json()).toEqual({
        code: 409,
        msg: ApprovalMessage.expired,
      });
      const expired = await call(ops.finance.headers, 'GET', '/admin/api/approvals?status=expired');
      expect(expired.json().queryset.map((row: { id: number }) => row.id)).toContain(
        lateAsk.json().request.id,
      );
      expect(
        await database()
          .db.selectFrom('gift_codes')
          .select('id')
          .where('code', 'in', ['REFUSED1', 'LATE0001'])
          .execute(),
      ).toEqual([]);
    });

    it('caps each operator’s gift codes per day, approved ones included, even when many are asked at once', async () => {
      await lowerGiftDailyCap(5_000_00);
      const day = clock.now();
      const asks = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          call(ops.support2.headers, 'POST', '/admin/api/gift-codes', giftCode(`CAPPED${index}X`, '500')),
        ),
      );
      const made = asks.filter((response) => response.statusCode === 200);
      expect(made).toHaveLength(10);
      for (const refused of asks.filter((response) => response.statusCode !== 200)) {
        expect(refused.json()).toEqual({ code: 400, msg: expect.stringMatching(/daily gift-code cap/) });
      }
      const total = await database()
        .db.selectFrom('gift_codes')
        .select((eb) => eb.fn.sum<number>('total_minor').as('sum'))
        .where('created_by_key', '=', `operator:${ops.support2.id}`)
        .where('created_at', '>=', day)
        .executeTakeFirstOrThrow();
      expect(Number(total.sum)).toBe(5_000_00);
      const alerts = (await call(ops.finance.headers, 'GET', '/admin/api/alerts')).json();
      expect(alerts.queryset.some((alert: { kind: string }) => alert.kind === 'operator_gift_cap')).toBe(
        true,
      );
      // A new market day starts a new total.
      await advance(DAY_MS);
      const tomorrow = await call(
        ops.support2.headers,
        'POST',
        '/admin/api/gift-codes',
        giftCode('NEXTDAY1', '500'),
      );
      expect(tomorrow.statusCode, tomorrow.body).toBe(200);
    });

    it('limits gift-code guessing per account and per address, with one answer for every invalid code', async () => {
      const guesser = await player();
      const answers = [];
      for (let index = 0; index < GIFT_CLAIMS_PER_USER_PER_MINUTE + 2; index += 1) {
        answers.push((await claim(guesser, `GUESS${index}ZZ`)).json());
      }
      expect(answers.slice(0, GIFT_CLAIMS_PER_USER_PER_MINUTE)).toEqual(
        Array(GIFT_CLAIMS_PER_USER_PER_MINUTE).fill({ code: 400, msg: GiftMessage.invalidCode }),
      );
      expect(answers.at(-1)).toEqual({ code: 429, msg: GiftMessage.tooManyTries });
      // Many accounts from one address share its limit.
      const shared = '192.0.2.44';
      const statuses = [];
      for (let index = 0; index < GIFT_CLAIMS_PER_IP_PER_MINUTE + 1; index += 1) {
        statuses.push((await claim(await player(), 'NOSUCH01', shared)).statusCode);
      }
      expect(statuses.slice(0, GIFT_CLAIMS_PER_IP_PER_MINUTE).every((status) => status === 400)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      clock.advance(60_000);
      expect((await claim(guesser, 'NOSUCH01')).statusCode).toBe(400);
    });
  });

  describe('settings that loosen a control', () => {
    it('waits for a second operator before a finance operator’s four-eyes threshold of 0 applies', async () => {
      const before = await settingValue('withdrawal.four_eyes_threshold_minor');
      const asked = await call(
        ops.finance.headers,
        'PUT',
        '/admin/api/settings/withdrawal.four_eyes_threshold_minor',
        {
          value: 0,
          reason: 'too many approvals',
        },
      );
      expect(asked.statusCode, asked.body).toBe(202);
      expect(await settingValue('withdrawal.four_eyes_threshold_minor')).toBe(before);
      const id = asked.json().request.id;
      expect((await decide(ops.finance, id, 'approve')).statusCode).toBe(409);
      expect((await decide(ops.support, id, 'approve')).statusCode).toBe(403);
      const approved = await decide(ops.finance2, id, 'approve', 'agreed in the ops meeting');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await settingValue('withdrawal.four_eyes_threshold_minor')).toBe(0);
      // Tightening applies at once, without a reason.
      const tightened = await call(
        ops.finance.headers,
        'PUT',
        '/admin/api/settings/withdrawal.four_eyes_threshold_minor',
        { value: 5_000_00 },
      );
      expect(tightened.json()).toEqual({
        code: 200,
        key: 'withdrawal.four_eyes_threshold_minor',
        value: 5_000_00,
      });
      const loosened = await call(
        ops.finance.headers,
        'PUT',
        '/admin/api/settings/withdrawal.needs_bet_factor',
        {
          value: 0,
        },
      );
      expect(loosened.json()).toEqual({ code: 400, msg: expect.stringMatching(/^reason is required/) });
      expect(await settingValue('withdrawal.needs_bet_factor')).toBe(1);
    });

    it('lets the maker withdraw a request, and nobody else', async () => {
      const asked = await call(ops.finance.headers, 'PUT', '/admin/api/settings/withdrawal.daily_count', {
        value: 50,
        reason: 'busy week',
      });
      const id = asked.json().request.id;
      expect((await decide(ops.finance2, id, 'cancel')).json()).toEqual({
        code: 403,
        msg: ApprovalMessage.onlyRequesterCancels,
      });
      expect((await decide(ops.finance, id, 'cancel', 'not needed')).json().entry.status).toBe('cancelled');
    });
  });

  describe('hand recharge (HRE) and recharge cancel (HREC)', () => {
    it('moves a player’s money only on a second operator’s approval, through the ledger', async () => {
      const target = await player();
      const asked = await call(ops.support.headers, 'POST', `/admin/api/users/${target.userId}/adjustments`, {
        direction: 'credit',
        amount: '250.50',
        reason: 'bank transfer UTR 123456789012 received by hand',
      });
      expect(asked.statusCode, asked.body).toBe(202);
      expect(asked.json().request).toMatchObject({
        kind: 'player.adjust',
        user_id: target.userId,
        amount: '250.50',
      });
      expect(await balanceOf(database(), clock, target.userId)).toBe(0);
      expect((await decide(ops.support2, asked.json().request.id, 'approve')).statusCode).toBe(403);
      const approved = await decide(ops.finance, asked.json().request.id, 'approve', 'UTR checked');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await balanceOf(database(), clock, target.userId)).toBe(250_50);
      const list = await app.inject({ method: 'GET', url: '/user/transactions', headers: target.headers });
      expect(list.json().queryset[0]).toMatchObject({ type: 'HRE', change_balance: '250.50' });

      const tooMuch = await call(
        ops.finance.headers,
        'POST',
        `/admin/api/users/${target.userId}/adjustments`,
        {
          direction: 'debit',
          amount: '300',
          reason: 'chargeback',
        },
      );
      const tooMuchId = tooMuch.json().request.id;
      const refused = await decide(ops.finance2, tooMuchId, 'approve');
      expect(refused.statusCode).toBe(400);
      // The failed approval changed nothing: still pending, and refusable.
      expect(
        (await call(ops.owner.headers, 'GET', `/admin/api/approvals/${tooMuchId}`)).json().entry.status,
      ).toBe('pending');
      const cancel = await call(
        ops.finance.headers,
        'POST',
        `/admin/api/users/${target.userId}/adjustments`,
        {
          direction: 'debit',
          amount: '50.50',
          reason: 'duplicate hand recharge',
        },
      );
      expect((await decide(ops.owner, cancel.json().request.id, 'approve')).statusCode).toBe(200);
      expect(await balanceOf(database(), clock, target.userId)).toBe(200_00);
      const after = await app.inject({ method: 'GET', url: '/user/transactions', headers: target.headers });
      expect(after.json().queryset[0]).toMatchObject({ type: 'HREC' });
      expect(
        (
          await call(ops.finance.headers, 'POST', '/admin/api/users/99999999/adjustments', {
            direction: 'credit',
            amount: '1',
            reason: 'x',
          })
        ).statusCode,
      ).toBe(404);
      await expectLedgerClean(database());
    });

    it('does an approved action once when two operators approve it at the same moment', async () => {
      const target = await player();
      await fundWallet(database(), clock, target.userId, 1);
      const asked = await call(ops.support.headers, 'POST', `/admin/api/users/${target.userId}/adjustments`, {
        direction: 'credit',
        amount: '10',
        reason: 'race',
      });
      const id = asked.json().request.id;
      const answers = await Promise.all([
        decide(ops.finance, id, 'approve'),
        decide(ops.finance2, id, 'approve'),
        decide(ops.owner, id, 'approve'),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await balanceOf(database(), clock, target.userId)).toBe(10_01);
      await expectLedgerClean(database());
    });
  });

  /** Raises the gift-code daily cap as an owner asks and another owner-or-finance approves. */
  async function raiseGiftDailyCap(valueMinor: number): Promise<void> {
    const asked = await call(
      ops.owner.headers,
      'PUT',
      '/admin/api/settings/gifts.operator_daily_total_max_minor',
      {
        value: valueMinor,
        reason: 'campaign month',
      },
    );
    expect(asked.statusCode, asked.body).toBe(202);
    expect((await decide(ops.finance2, asked.json().request.id, 'approve')).statusCode).toBe(200);
  }

  /** Lowers the cap: a tightening change applies at once. */
  async function lowerGiftDailyCap(valueMinor: number): Promise<void> {
    const changed = await call(
      ops.finance.headers,
      'PUT',
      '/admin/api/settings/gifts.operator_daily_total_max_minor',
      {
        value: valueMinor,
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
  }
});
