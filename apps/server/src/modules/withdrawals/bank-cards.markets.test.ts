import { ServerMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { createBuyer, type TestBuyer } from '../orders/order-fixtures.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { indiaCardBody } from './withdrawal-fixtures.ts';

describeEachDatabase('bank cards per market', (database) => {
  const clock = new ManualClock(Date.UTC(2025, 2, 5, 6, 30));
  const apps: Partial<Record<'pt' | 'mx', FastifyInstance>> = {};
  let buyer: TestBuyer;

  beforeAll(async () => {
    apps.pt = await buildTestApp(database(), { clock, config: { market: 'pt' } });
    apps.mx = await buildTestApp(database(), { clock, config: { market: 'mx' } });
    await new SettingsService(database().db, clock).set('bank_card.otp_required', false);
    buyer = await createBuyer(database(), clock);
  });
  afterAll(async () => {
    await apps.pt?.close();
    await apps.mx?.close();
  });

  const save = (market: 'pt' | 'mx', overrides: Record<string, unknown>) =>
    (apps[market] as FastifyInstance).inject({
      method: 'POST',
      url: '/user/edit_bank_card',
      headers: buyer.headers,
      payload: indiaCardBody(overrides),
    });

  it.each(['pt', 'mx'] as const)(
    '%s: an empty upi_account answers exactly the message the app maps',
    async (market) => {
      const response = await save(market, { upi_account: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: ServerMessage.upiAccountEmpty });
    },
  );

  it('mx: stores a valid CLABE with ifsc_code None; refuses a wrong check digit', async () => {
    const saved = await save('mx', { upi_account: '032180000118359719' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().entry).toMatchObject({ ifsc_code: 'None', upi_account: '032180000118359719' });
    const refused = await save('mx', { upi_account: '032180000118359718' });
    expect(refused.json()).toEqual({
      code: 400,
      msg: 'upi_account must be a CLABE of 18 digits with a valid check digit',
    });
  });

  it.each([
    ['mx', '032180000118359719', '**************9719'],
    ['pt', '7;CPF;529.982.247-25;SAVING;EMAIL;maria@example.com;52998224725', `${'*'.repeat(59)}4725`],
  ] as const)(
    '%s: the list masks upi_account like the account number; the single card shows it whole',
    async (market, upi, masked) => {
      const owner = await createBuyer(database(), clock);
      const app = apps[market] as FastifyInstance;
      const saved = await app.inject({
        method: 'POST',
        url: '/user/edit_bank_card',
        headers: owner.headers,
        payload: indiaCardBody({ upi_account: upi }),
      });
      expect(saved.statusCode).toBe(200);
      const list = (
        await app.inject({ method: 'GET', url: '/user/bank_cards', headers: owner.headers })
      ).json();
      expect(list.queryset).toHaveLength(1);
      expect(list.queryset[0]).toMatchObject({ account_number: '********9012', upi_account: masked });
      expect(JSON.stringify(list)).not.toContain(upi.slice(0, 10));
      const one = await app.inject({
        method: 'GET',
        url: `/user/bank_card?id=${list.queryset[0].id}`,
        headers: owner.headers,
      });
      expect(one.json().entry).toMatchObject({ account_number: '123456789012', upi_account: upi });
    },
  );

  it('pt: stores the seven PIX values; refuses a CPF with a wrong check digit', async () => {
    const upi = '7;CPF;529.982.247-25;SAVING;CPF;52998224725;52998224725';
    const saved = await save('pt', { upi_account: upi });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().entry).toMatchObject({ ifsc_code: 'None', upi_account: upi });
    const refused = await save('pt', { upi_account: upi.replace('247-25', '247-24') });
    expect(refused.json()).toEqual({ code: 400, msg: 'document id is not a valid CPF' });
  });
});
