import { expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { ConsoleSmsAdapter } from './console-sms.adapter.ts';

describeEachDatabase('console SMS sink', (database) => {
  it('writes each message to the log and keeps the last one per number for every instance', async () => {
    const logged: Array<{ details: object; message: string }> = [];
    const logger = {
      info: (details: object, message: string) => logged.push({ details, message }),
      warn: (details: object, message: string) => logged.push({ details, message }),
    };
    const clock = new ManualClock(1_000);
    const sender = new ConsoleSmsAdapter(database().db, clock, logger);
    // A second instance of the server shares only the database.
    const reader = new ConsoleSmsAdapter(database().db, clock, { info: () => {}, warn: () => {} });

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
});
