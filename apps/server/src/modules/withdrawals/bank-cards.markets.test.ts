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

  it('pt: stores the seven PIX values; refuses a CPF with a wrong check digit', async () => {
    const upi = '7;CPF;529.982.247-25;SAVING;CPF;52998224725;52998224725';
    const saved = await save('pt', { upi_account: upi });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().entry).toMatchObject({ ifsc_code: 'None', upi_account: upi });
    const refused = await save('pt', { upi_account: upi.replace('247-25', '247-24') });
    expect(refused.json()).toEqual({ code: 400, msg: 'document id is not a valid CPF' });
  });
});
