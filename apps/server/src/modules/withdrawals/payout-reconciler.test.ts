import { setTimeout as sleep } from 'node:timers/promises';
import { WithdrawalMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { adminTokenHeaders } from '../operators/operator-fixtures.ts';
import {
  BUYER_PASSWORD,
  balanceOf,
  createBuyer,
  fundWallet,
  type TestBuyer,
} from '../orders/order-fixtures.ts';
import { SettingsService } from '../settings/settings.service.ts';
import {
  DEMO_MANUAL_WITHDRAWAL_KEY,
  DEMO_SANDBOX_WITHDRAWAL_KEY,
  seedDemoWithdrawalChannels,
} from './demo-withdrawal-channels.ts';
import {
  type PayoutAdapter,
  type PayoutRequest,
  type PayoutStatusReport,
  payoutAdapterFor,
  SANDBOX_FAILURE_REASON,
  sandboxPayoutAdapter,
} from './payout-adapters.ts';
import {
  PAYOUT_RECONCILE_INTERVAL_MS,
  PayoutReconciler,
  type PayoutReconcilerLogger,
} from './payout-reconciler.ts';
import { addCard, buildWithdrawalsTestApp } from './withdrawal-fixtures.ts';
import { PAYOUT_STUCK_AFTER_MS } from './withdrawal-operator.service.ts';
import type { WithdrawalsModule } from './withdrawals.module.ts';

const ADMIN_TOKEN = 'payout-reconciler-admin-token-0123456789';
const DAY_MS = 24 * 60 * 60_000;

/**
 * A bank under the test's control: sends fail while `down` (the approval never gets its answer, as when the
 * server stops mid-call), and a status question answers what was scripted for the reference, or else what
 * the sandbox bank answers. It records every reference it was sent and asked about.
 */
class ScriptedBank implements PayoutAdapter {
  readonly name = 'sandbox' as const;
  down = true;
  readonly statuses = new Map<string, PayoutStatusReport | 'error'>();
  readonly sent: string[] = [];
  readonly asked: string[] = [];

  async send(request: PayoutRequest) {
    this.sent.push(request.reference);
    if (this.down) throw new Error('connection reset before the bank answered');
    return sandboxPayoutAdapter.send(request);
  }

  async fetchStatus(request: PayoutRequest): Promise<PayoutStatusReport> {
    this.asked.push(request.reference);
    const scripted = this.statuses.get(request.reference);
    if (scripted === 'error') throw new Error('the bank status API is unavailable');
    return scripted ?? sandboxPayoutAdapter.fetchStatus(request);
  }
}

describeEachDatabase('payout reconciler', (database) => {
  // 06:30 UTC is noon in India: the market day does not roll over while a test advances the clock.
  const clock = new ManualClock(Date.UTC(2025, 2, 5, 6, 30));
  let bank = new ScriptedBank();
  let app: FastifyInstance;
  let module: WithdrawalsModule;
  const warnings: string[] = [];
  const logger: PayoutReconcilerLogger = {
    warn: (_detail, message) => {
      warnings.push(message);
    },
    error: (_detail, message) => {
      throw new Error(`the reconciler logged an error: ${message}`);
    },
  };

  beforeAll(async () => {
    await seedDemoWithdrawalChannels(database().db, 'in', clock.now());
    await new SettingsService(database().db, clock).set('bank_card.otp_required', false);
    ({ app, module } = await buildWithdrawalsTestApp(database(), {
      clock,
      adminToken: ADMIN_TOKEN,
      payoutAdapters: (name) => (name === 'sandbox' ? bank : payoutAdapterFor(name)),
    }));
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(async () => {
    bank = new ScriptedBank();
    warnings.length = 0;
    await expectLedgerClean(database());
  });

  const approve = (id: number) =>
    app.inject({
      method: 'POST',
      url: `/admin/api/withdrawals/${id}/approve`,
      headers: adminTokenHeaders(ADMIN_TOKEN),
      payload: { reason: 'checked' },
    });
  const rowOf = (id: number) =>
    database().db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditOf = async (id: number, event: string) => {
    const rows = await database()
      .db.selectFrom('audit_log')
      .select('detail_json')
      .where('event', '=', event)
      .execute();
    return rows
      .map((row) => JSON.parse(row.detail_json) as Record<string, unknown>)
      .filter((detail) => detail.withdrawal_id === id);
  };

  async function fundedUser(balanceMinor: number): Promise<{ buyer: TestBuyer; cardId: number }> {
    const buyer = await createBuyer(database(), clock);
    const cardId = await addCard(app, buyer);
    clock.advance(DAY_MS + 1);
    await fundWallet(database(), clock, buyer.userId, balanceMinor);
    return { buyer, cardId };
  }

  /** A withdrawal whose approval committed and whose bank call never answered: stuck in Processing. */
  async function stuckPayout(
    user: { buyer: TestBuyer; cardId: number },
    amount: string,
    channel = DEMO_SANDBOX_WITHDRAWAL_KEY,
  ): Promise<number> {
    const requested = await app.inject({
      method: 'POST',
      url: '/user/add_withdrawal',
      headers: user.buyer.headers,
      payload: {
        amount,
        bank_card_id: user.cardId,
        password: BUYER_PASSWORD,
        withdrawal_key: channel,
        bank_code: 'SBIN',
        force_login_password_valid: 'yes',
      },
    });
    expect(requested.statusCode).toBe(200);
    const id = requested.json().entry.id as number;
    const approved = await approve(id);
    if (channel === DEMO_SANDBOX_WITHDRAWAL_KEY) expect(approved.statusCode).toBe(500);
    expect(await rowOf(id)).toMatchObject({ status: 'Wait', payout_status: 'Processing' });
    return id;
  }

  it('settles stuck payouts from the bank’s answer once: paid, or failed and refunded; young ones wait', async () => {
    const user = await fundedUser(3_000_00);
    const paidId = await stuckPayout(user, '1000');
    const failedId = await stuckPayout(user, '1000.13');
    const reconciler = new PayoutReconciler(module.operator, logger);

    clock.advance(PAYOUT_STUCK_AFTER_MS - 1);
    expect(await reconciler.runOnce()).toEqual({ checked: 0, outcomes: {}, errors: 0 });
    expect(bank.asked).toEqual([]);

    clock.advance(1);
    expect(await reconciler.runOnce()).toEqual({ checked: 2, outcomes: { paid: 1, failed: 1 }, errors: 0 });
    expect(bank.asked).toEqual([`WD${paidId}`, `WD${failedId}`]);
    expect(await rowOf(paidId)).toMatchObject({
      status: 'Success',
      payout_status: 'Success',
      fee_minor: 20_00,
    });
    expect(await rowOf(failedId)).toMatchObject({
      status: 'Reject',
      payout_status: 'Failed',
      fail_reason: SANDBOX_FAILURE_REASON,
    });
    expect(await balanceOf(database(), clock, user.buyer.userId)).toBe(2_000_00);
    expect(await auditOf(paidId, 'withdrawal_payout_succeeded')).toEqual([
      expect.objectContaining({ operator: 'payout_reconciler', source: 'reconciler', resent: false }),
    ]);
    expect(await auditOf(failedId, 'withdrawal_payout_failed')).toHaveLength(1);

    // Nothing is left to do, and a late answer of the bank changes nothing.
    clock.advance(PAYOUT_STUCK_AFTER_MS);
    expect(await reconciler.runOnce()).toEqual({ checked: 0, outcomes: {}, errors: 0 });
    expect(await module.operator.reconcilePayout(paidId)).toBe('skipped');
    expectRefusal(await approve(paidId), WithdrawalMessage.notWaiting);
  });

  it('sends again, under the same reference, a payout the bank never received', async () => {
    const user = await fundedUser(1_000_00);
    const id = await stuckPayout(user, '500');
    bank.statuses.set(`WD${id}`, { outcome: 'not_found' });
    bank.down = false;
    clock.advance(PAYOUT_STUCK_AFTER_MS);
    const report = await new PayoutReconciler(module.operator, logger).runOnce();
    expect(report).toEqual({ checked: 1, outcomes: { paid: 1 }, errors: 0 });
    expect(bank.sent).toEqual([`WD${id}`, `WD${id}`]);
    expect(await rowOf(id)).toMatchObject({ status: 'Success', payout_status: 'Success' });
    expect(await auditOf(id, 'withdrawal_payout_succeeded')).toEqual([
      expect.objectContaining({ resent: true, provider_reference: `SBX-WD${id}` }),
    ]);
    expect(await balanceOf(database(), clock, user.buyer.userId)).toBe(500_00);
  });

  it('leaves a payout the bank still processes in Processing and asks again only after another wait', async () => {
    const user = await fundedUser(1_000_00);
    const id = await stuckPayout(user, '700');
    const reconciler = new PayoutReconciler(module.operator, logger);
    bank.statuses.set(`WD${id}`, { outcome: 'pending' });
    clock.advance(PAYOUT_STUCK_AFTER_MS);
    expect(await reconciler.runOnce()).toEqual({ checked: 1, outcomes: { pending: 1 }, errors: 0 });
    expect(await rowOf(id)).toMatchObject({
      status: 'Wait',
      payout_status: 'Processing',
      updated_at: clock.now(),
    });
    expect(await balanceOf(database(), clock, user.buyer.userId)).toBe(300_00);

    clock.advance(PAYOUT_STUCK_AFTER_MS - 1);
    expect((await reconciler.runOnce()).checked).toBe(0);
    bank.statuses.delete(`WD${id}`);
    clock.advance(1);
    expect(await reconciler.runOnce()).toEqual({ checked: 1, outcomes: { paid: 1 }, errors: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'Success', payout_status: 'Success' });
    expect(bank.asked).toEqual([`WD${id}`, `WD${id}`]);
  });

  it('postpones a payout whose bank cannot be asked, and still settles the others of the round', async () => {
    const user = await fundedUser(2_000_00);
    const brokenId = await stuckPayout(user, '600');
    const fineId = await stuckPayout(user, '400');
    const reconciler = new PayoutReconciler(module.operator, logger);
    bank.statuses.set(`WD${brokenId}`, 'error');
    clock.advance(PAYOUT_STUCK_AFTER_MS);
    expect(await reconciler.runOnce()).toEqual({ checked: 2, outcomes: { paid: 1 }, errors: 1 });
    expect(warnings).toEqual(['reconciling a payout failed']);
    expect(await rowOf(fineId)).toMatchObject({ status: 'Success' });
    expect(await rowOf(brokenId)).toMatchObject({ payout_status: 'Processing', updated_at: clock.now() });

    bank.statuses.delete(`WD${brokenId}`);
    expect((await reconciler.runOnce()).checked).toBe(0);
    clock.advance(PAYOUT_STUCK_AFTER_MS);
    expect(await reconciler.runOnce()).toEqual({ checked: 1, outcomes: { paid: 1 }, errors: 0 });
    expect(await balanceOf(database(), clock, user.buyer.userId)).toBe(1_000_00);
  });

  it('leaves manual payouts to the operator’s mark_paid', async () => {
    const user = await fundedUser(1_000_00);
    const id = await stuckPayout(user, '500', DEMO_MANUAL_WITHDRAWAL_KEY);
    clock.advance(10 * PAYOUT_STUCK_AFTER_MS);
    expect(await module.operator.listStuckPayouts(100)).not.toContain(id);
    expect(await module.operator.reconcilePayout(id)).toBe('skipped');
    expect(await rowOf(id)).toMatchObject({ status: 'Wait', payout_status: 'Processing' });
    const paid = await app.inject({
      method: 'POST',
      url: `/admin/api/withdrawals/${id}/mark_paid`,
      headers: adminTokenHeaders(ADMIN_TOKEN),
      payload: { reason: 'paid by hand' },
    });
    expect(paid.statusCode).toBe(200);
  });

  it('settles a stuck payout once while two instances’ reconcilers and an operator’s approval race', async () => {
    const user = await fundedUser(1_000_00);
    const ids = [await stuckPayout(user, '300'), await stuckPayout(user, '200.13')];
    bank.down = false;
    clock.advance(PAYOUT_STUCK_AFTER_MS);
    const [first, second, ...approvals] = await Promise.all([
      new PayoutReconciler(module.operator, logger).runOnce(),
      new PayoutReconciler(module.operator, logger).runOnce(),
      ...ids.map((id) => approve(id)),
    ]);
    for (const approval of approvals) {
      if (approval.statusCode !== 200) expectRefusal(approval, WithdrawalMessage.notWaiting);
    }
    expect((first?.errors ?? 0) + (second?.errors ?? 0)).toBe(0);
    expect(await rowOf(ids[0] ?? 0)).toMatchObject({ status: 'Success', payout_status: 'Success' });
    expect(await rowOf(ids[1] ?? 0)).toMatchObject({ status: 'Reject', payout_status: 'Failed' });
    expect(await auditOf(ids[0] ?? 0, 'withdrawal_payout_succeeded')).toHaveLength(1);
    expect(await auditOf(ids[1] ?? 0, 'withdrawal_payout_failed')).toHaveLength(1);
    expect(await balanceOf(database(), clock, user.buyer.userId)).toBe(700_00);
  });

  it('runs with the withdrawals module from registration until the app closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      // Registered while setInterval is faked, so the test decides when a round is due.
      const own = await buildWithdrawalsTestApp(database(), { clock, adminToken: ADMIN_TOKEN });
      const user = await fundedUser(1_000_00);
      const requested = await own.app.inject({
        method: 'POST',
        url: '/user/add_withdrawal',
        headers: user.buyer.headers,
        payload: {
          amount: '250',
          bank_card_id: user.cardId,
          password: BUYER_PASSWORD,
          withdrawal_key: DEMO_SANDBOX_WITHDRAWAL_KEY,
          bank_code: 'SBIN',
          force_login_password_valid: 'yes',
        },
      });
      const id = requested.json().entry.id as number;
      // The server stopped right after the approval committed: Processing, and no bank answer.
      await database()
        .db.updateTable('withdrawals')
        .set({ payout_status: 'Processing', updated_at: clock.now() })
        .where('id', '=', id)
        .execute();
      clock.advance(PAYOUT_STUCK_AFTER_MS);
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(PAYOUT_RECONCILE_INTERVAL_MS);
      const deadline = Date.now() + 10_000;
      while ((await rowOf(id)).status === 'Wait' && Date.now() < deadline) await sleep(10);
      expect(await rowOf(id)).toMatchObject({ status: 'Success', payout_status: 'Success' });
      await own.app.close();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

function expectRefusal(response: { statusCode: number; json: () => unknown }, msg: string): void {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ code: 400, msg });
}
