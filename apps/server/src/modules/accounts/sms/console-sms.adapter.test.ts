import { expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { buildTestApp } from '../../../test-support/test-app.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { uniqueTestIp, uniqueTestMobile } from '../account-fixtures.ts';
import { ConsoleSmsAdapter } from './console-sms.adapter.ts';
import { createSmsAdapter } from './create-sms.adapter.ts';

const silentLogger = { info: () => {}, warn: () => {} };

function recordingLogger() {
  const logged: Array<{ details: object; message: string }> = [];
  const logger = {
    info: (details: object, message: string) => logged.push({ details, message }),
    warn: (details: object, message: string) => logged.push({ details, message }),
  };
  return { logged, logger };
}

describeEachDatabase('console SMS sink', (database) => {
  it('writes each message to the log and keeps the last one per number for every instance', async () => {
    const { logged, logger } = recordingLogger();
    const clock = new ManualClock(1_000);
    const sender = new ConsoleSmsAdapter(database().db, clock, logger, { devOutbox: true });
    // A second instance of the server shares only the database.
    const reader = new ConsoleSmsAdapter(database().db, clock, silentLogger, { devOutbox: true });

    await sender.send({ mobile: '+919000000001', text: 'Your code is 111111', otp: '111111' });
    await sender.send({ mobile: '+919000000001', text: 'Your code is 222222', otp: '222222' });
    await sender.send({ mobile: '+919000000002', text: 'Your code is 333333', otp: '333333' });

    expect(logged).toEqual([
      { details: { mobile: '+919000000001', sms: 'Your code is 111111' }, message: 'console SMS' },
      { details: { mobile: '+919000000001', sms: 'Your code is 222222' }, message: 'console SMS' },
      { details: { mobile: '+919000000002', sms: 'Your code is 333333' }, message: 'console SMS' },
    ]);
    expect(await reader.lastMessage('+919000000001')).toEqual({
      mobile: '+919000000001',
      text: 'Your code is 222222',
      otp: '222222',
    });
    expect(await reader.lastMessage('+919000000002')).toMatchObject({ otp: '333333' });
    expect(await reader.lastMessage('+919000000003')).toBeUndefined();
  });

  it('in production only logs the code: nothing reaches the outbox table or memory', async () => {
    const { db } = database();
    const { logged, logger } = recordingLogger();
    const sms = createSmsAdapter(
      { provider: 'console' },
      { db, clock: new ManualClock(1_000), logger, isProduction: true },
    );
    expect(sms).toBeInstanceOf(ConsoleSmsAdapter);
    const mobile = '+919000000091';

    await sms.send({ mobile, text: 'Your code is 444444', otp: '444444' });

    expect(logged).toEqual([{ details: { mobile, sms: 'Your code is 444444' }, message: 'console SMS' }]);
    expect(await db.selectFrom('sms_outbox').selectAll().where('mobile', '=', mobile).execute()).toEqual([]);
    expect(await (sms as ConsoleSmsAdapter).lastMessage(mobile)).toBeUndefined();
  });

  it('outside production keeps the dev outbox', async () => {
    const { db } = database();
    const sms = createSmsAdapter(
      { provider: 'console' },
      { db, clock: new ManualClock(1_000), logger: silentLogger, isProduction: false },
    );
    const mobile = '+919000000092';
    await sms.send({ mobile, text: 'Your code is 555555', otp: '555555' });
    const rows = await db.selectFrom('sms_outbox').select('otp').where('mobile', '=', mobile).execute();
    expect(rows).toEqual([{ otp: '555555' }]);
  });

  it('a production server sends a one-time code without storing it', async () => {
    const { db } = database();
    const app = await buildTestApp(database(), { config: { isProduction: true, env: 'production' } });
    try {
      const mobile = uniqueTestMobile();
      const sent = await app.inject({
        method: 'POST',
        url: '/user/send_verify_code',
        remoteAddress: uniqueTestIp(),
        payload: { mobile_number: mobile, verify_type: 'register' },
      });
      expect(sent.statusCode).toBe(200);
      expect(await db.selectFrom('sms_outbox').selectAll().where('mobile', '=', mobile).execute()).toEqual(
        [],
      );
    } finally {
      await app.close();
    }
  });
});
