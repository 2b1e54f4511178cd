import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { createTestUser } from '../accounts/account-fixtures.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { seedDemoPaymentChannels } from '../wallet/demo-payment-channels.ts';
import { createWalletUser, fundThroughSandbox } from '../wallet/wallet-test-fixtures.ts';
import { seedDemoWithdrawalChannels } from './demo-withdrawal-channels.ts';

describeEachDatabase('needs_bet grows with credited recharges', (database) => {
  const clock = new ManualClock(Date.UTC(2025, 2, 5, 6, 30));
  const rCode = 'NEEDSBETROOT';
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedDemoPaymentChannels(database().db, 'in', clock.now(), testSecretBox());
    await seedDemoWithdrawalChannels(database().db, 'in', clock.now());
    await createTestUser(database().db, { rCode });
    app = await buildTestApp(database(), { clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('adds amount × factor per credited recharge, once per recharge, in the crediting transaction', async () => {
    const user = await createWalletUser(app, database().db, { rCode });
    const needsBet = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/user/channels?type=withdrawal',
          headers: { authorization: `Token ${user.token}` },
        })
      ).json().needs_bet;
    expect(await needsBet()).toBe('0.00');
    const serial = await fundThroughSandbox(app, user.token, '500');
    expect(await needsBet()).toBe('500.00');
    // The same payment delivered again credits nothing and adds nothing.
    await app.inject({ method: 'POST', url: '/dev/sandbox/pay', payload: { serial_number: serial } });
    expect(await needsBet()).toBe('500.00');
    await new SettingsService(database().db, clock).set('withdrawal.needs_bet_factor', 0.5);
    await fundThroughSandbox(app, user.token, '301');
    expect(await needsBet()).toBe('650.50');
    await expectLedgerClean(database());
  });

  it('a transfer carries the unwagered part of the money to the receiver, and wagered money moves free', async () => {
    const factorSetting = new SettingsService(database().db, clock);
    await factorSetting.set('withdrawal.needs_bet_factor', 1);
    const sender = await createWalletUser(app, database().db, { rCode, transferEnabled: true });
    const receiver = await createWalletUser(app, database().db, { rCode, transferEnabled: true });
    const needsBetOf = async (token: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/user/channels?type=withdrawal',
          headers: { authorization: `Token ${token}` },
        })
      ).json().needs_bet;
    const transfer = (token: string, userId: number, amount: string) =>
      app.inject({
        method: 'POST',
        url: '/user/transfer_to',
        headers: { authorization: `Token ${token}`, 'idempotency-key': `carry-${userId}-${amount}-${token}` },
        payload: { user_id: userId, amount },
      });

    await fundThroughSandbox(app, sender.token, '1500');
    expect(await needsBetOf(sender.token)).toBe('1500.00');
    expect((await transfer(sender.token, receiver.userId, '1200')).statusCode).toBe(200);
    expect(await needsBetOf(sender.token)).toBe('300.00');
    expect(await needsBetOf(receiver.token)).toBe('1200.00');

    // The receiver's requirement (1,200) covers all 500 sent back, so all of it goes back with the money.
    expect((await transfer(receiver.token, sender.userId, '500')).statusCode).toBe(200);
    expect(await needsBetOf(receiver.token)).toBe('700.00');
    expect(await needsBetOf(sender.token)).toBe('800.00');

    // Money without a requirement (here: recharged while the factor was 0) carries nothing.
    await factorSetting.set('withdrawal.needs_bet_factor', 0);
    const wageredPlayer = await createWalletUser(app, database().db, { rCode, transferEnabled: true });
    await fundThroughSandbox(app, wageredPlayer.token, '400');
    expect((await transfer(wageredPlayer.token, receiver.userId, '100')).statusCode).toBe(200);
    expect(await needsBetOf(receiver.token)).toBe('700.00');
    expect(await needsBetOf(wageredPlayer.token)).toBe('0.00');
    await expectLedgerClean(database());
  });
});
