import { OperatorMessage, WithdrawalMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { AuditLog } from '../accounts/audit-log.service.ts';
import { createEnrolledOperators, loginOperator, type TestOperator } from '../operators/operator-fixtures.ts';
import { BUYER_PASSWORD, balanceOf, createBuyer, fundWallet } from '../orders/order-fixtures.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { DEMO_MANUAL_WITHDRAWAL_KEY, seedDemoWithdrawalChannels } from './demo-withdrawal-channels.ts';
import { WithdrawalAuditEvent } from './withdrawal-audit.ts';
import { addCard } from './withdrawal-fixtures.ts';

const DAY_MS = 24 * 60 * 60_000;
const THRESHOLD_MINOR = 5_000_00;

describeEachDatabase('four-eyes approval of large withdrawals', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(Date.UTC(2025, 2, 5, 6, 30));
  let first: TestOperator;
  let second: TestOperator;
  let support: TestOperator;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
    const settings = new SettingsService(database().db, clock);
    await settings.set('bank_card.otp_required', false);
    await settings.set('withdrawal.four_eyes_threshold_minor', THRESHOLD_MINOR);
    await seedDemoWithdrawalChannels(database().db, 'in', clock.now());
    ({ first, second, support } = await createEnrolledOperators(app, database(), clock, {
      first: { username: 'fin.first', role: 'finance' },
      second: { username: 'fin.second', role: 'finance' },
      support: { username: 'sup.one', role: 'support' },
    }));
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(async () => {
    await expectLedgerClean(database());
  });

  /** A withdrawal of the amount from a funded player with a card past its cool-down. */
  async function requestWithdrawal(amount: string): Promise<{ id: number; userId: number }> {
    const buyer = await createBuyer(database(), clock);
    const cardId = await addCard(app, buyer);
    clock.advance(DAY_MS + 1);
    await fundWallet(database(), clock, buyer.userId, 20_000_00);
    const response = await app.inject({
      method: 'POST',
      url: '/user/add_withdrawal',
      headers: buyer.headers,
      payload: {
        amount,
        bank_card_id: cardId,
        password: BUYER_PASSWORD,
        withdrawal_key: DEMO_MANUAL_WITHDRAWAL_KEY,
        force_login_password_valid: 'yes',
      },
    });
    if (response.statusCode !== 200) throw new Error(`withdrawal failed: ${response.body}`);
    // The card's cool-down outlasted the console sessions: the operators log in again.
    first = await loginOperator(app, clock, first);
    second = await loginOperator(app, clock, second);
    support = await loginOperator(app, clock, support);
    return { id: response.json().entry.id, userId: buyer.userId };
  }
  const approve = (id: number, operator: TestOperator, payload: unknown = { reason: 'KYC checked' }) =>
    app.inject({
      method: 'POST',
      url: `/admin/api/withdrawals/${id}/approve`,
      headers: operator.headers,
      payload: payload as object,
    });

  it('sends a withdrawal at the threshold only on the approval of a second, different operator', async () => {
    const { id, userId } = await requestWithdrawal('5000.00');
    const balanceAfterHold = await balanceOf(database(), clock, userId);
    expect((await approve(id, first, {})).statusCode).toBe(400);
    expect((await approve(id, support)).statusCode).toBe(403);

    const once = await approve(id, first);
    expect(once.json()).toMatchObject({
      code: 200,
      msg: OperatorMessage.secondApprovalNeeded,
      entry: { id, first_approver: 'fin.first', needs_two_approvals: true, payout_status: 'Wait' },
    });
    const twiceBySame = await approve(id, first);
    expect(twiceBySame.json()).toEqual({ code: 409, msg: OperatorMessage.secondApproverSame });
    expect(await balanceOf(database(), clock, userId)).toBe(balanceAfterHold);

    const both = await approve(id, second);
    expect(both.json()).toMatchObject({
      code: 200,
      msg: WithdrawalMessage.approved,
      entry: { payout_status: 'Processing', first_approver: 'fin.first' },
    });
    // A manual payout is then paid by hand, with a reason.
    const paid = await app.inject({
      method: 'POST',
      url: `/admin/api/withdrawals/${id}/mark_paid`,
      headers: second.headers,
      payload: { reason: 'NEFT ref 123' },
    });
    expect(paid.json()).toMatchObject({ code: 200, entry: { status: 'Success' } });

    const audit = new AuditLog(database().db, clock);
    const [firstApproval] = await audit.recent({
      event: WithdrawalAuditEvent.operatorWithdrawalFirstApproval,
    });
    expect(firstApproval?.detail).toMatchObject({
      operator: 'fin.first',
      reason: 'KYC checked',
      withdrawal_id: id,
    });
    const [approval] = await audit.recent({ event: WithdrawalAuditEvent.operatorWithdrawalApproved });
    expect(approval?.detail).toMatchObject({ operator: 'fin.second', first_approver: 'fin.first' });
    const rows = await database()
      .db.selectFrom('audit_log')
      .select(['event', 'operator_id'])
      .where('event', 'in', [
        WithdrawalAuditEvent.operatorWithdrawalFirstApproval,
        WithdrawalAuditEvent.operatorWithdrawalApproved,
      ])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => Number(row.operator_id))).toEqual([first.id, second.id]);
  });

  it('lets one operator approve a withdrawal below the threshold', async () => {
    const { id } = await requestWithdrawal('4999.99');
    const approved = await approve(id, first);
    expect(approved.json()).toMatchObject({
      code: 200,
      msg: WithdrawalMessage.approved,
      entry: { needs_two_approvals: false, first_approver: null, payout_status: 'Processing' },
    });
  });
});
