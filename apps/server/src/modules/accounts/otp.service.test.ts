import { AccountMessage } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { ManualClock } from '../../platform/clock.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { SETTING_DEFINITIONS } from '../settings/settings.definitions.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { AuditLog } from './audit-log.service.ts';
import {
  hashOtpCode,
  OTP_CAP_WINDOW_MS,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_WAIT_MS,
  OTP_VALIDITY_MS,
  OtpService,
  otpMessageText,
} from './otp.service.ts';
import { DatabaseRateLimiter } from './rate-limiter.ts';
import { type SmsAdapter, SmsDeliveryError, type SmsMessage } from './sms/sms.adapter.ts';

/** Records what would have been sent, and fails on demand like a provider that is down. */
class RecordingSms implements SmsAdapter {
  readonly name = 'console';
  readonly sent: SmsMessage[] = [];
  failing = false;

  async send(message: SmsMessage): Promise<void> {
    if (this.failing) throw new SmsDeliveryError('provider down');
    this.sent.push(message);
  }

  lastCodeTo(mobile: string): string {
    const message = this.sent.filter((entry) => entry.mobile === mobile).at(-1);
    if (!message) throw new Error(`nothing sent to ${mobile}`);
    return message.otp;
  }
}

const silentLogger = { info: () => {}, warn: () => {} };
const CAP_DEFAULTS = {
  mobile: SETTING_DEFINITIONS['otp.hourly_cap_per_mobile'].defaultValue,
  device: SETTING_DEFINITIONS['otp.hourly_cap_per_device'].defaultValue,
  ip: SETTING_DEFINITIONS['otp.hourly_cap_per_ip'].defaultValue,
};
const START = Date.UTC(2026, 0, 5, 9, 0, 0);

async function expectAppError(promise: Promise<unknown>, code: number, msg: string): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect((error as AppError).message).toBe(msg);
  return error as AppError;
}

function wrongCode(code: string): string {
  return code === '000000' ? '000001' : '000000';
}

describeEachDatabase('one-time codes', (database) => {
  let clock: ManualClock;
  let sms: RecordingSms;
  let otp: OtpService;
  let audit: AuditLog;
  let settings: SettingsService;
  let numberCounter = 0;
  let mobile: string;
  /** Another number for each call, so that only the cap under test can be reached. */
  let otherNumbers = 0;
  const anotherMobile = () => {
    otherNumbers += 1;
    return `+9183${String(otherNumbers).padStart(8, '0')}`;
  };

  beforeEach(() => {
    // Each test gets its own hour and number so that caps and resend waits of other tests do not interfere.
    numberCounter += 1;
    clock = new ManualClock(START + numberCounter * 10 * OTP_VALIDITY_MS * 10);
    sms = new RecordingSms();
    audit = new AuditLog(database().db, clock);
    settings = new SettingsService(database().db, clock);
    otp = new OtpService(
      database().db,
      clock,
      sms,
      audit,
      silentLogger,
      settings,
      new DatabaseRateLimiter(database().db, clock),
    );
    mobile = `+9181${String(numberCounter).padStart(8, '0')}`;
  });
  afterEach(async () => {
    await settings.set('otp.hourly_cap_per_mobile', CAP_DEFAULTS.mobile);
    await settings.set('otp.hourly_cap_per_device', CAP_DEFAULTS.device);
    await settings.set('otp.hourly_cap_per_ip', CAP_DEFAULTS.ip);
  });
  /** Moves the clock to a moment just after a clock hour starts, so a test's sends share one cap window. */
  const startOfHour = () =>
    clock.set(clock.now() - (clock.now() % OTP_CAP_WINDOW_MS) + OTP_CAP_WINDOW_MS + 1_000);

  it('sends six random digits in the text and stores only a hash bound to purpose and number', async () => {
    expect(await otp.send({ mobile, purpose: 'register', ip: '1.1.1.1' })).toBe('sent');
    const code = sms.lastCodeTo(mobile);
    expect(code).toMatch(/^\d{6}$/);
    expect(sms.sent.at(-1)?.text).toBe(otpMessageText(code));
    const row = await database()
      .db.selectFrom('otp_codes')
      .selectAll()
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toBe(hashOtpCode('register', mobile, code));
    expect(row.code_hash).not.toContain(code);
    expect(row.expires_at).toBe(clock.now() + OTP_VALIDITY_MS);
    expect(row.ip).toBe('1.1.1.1');
    const [event] = await audit.recent({ event: 'otp_sent', limit: 1 });
    expect(event).toMatchObject({ mobile, ip: '1.1.1.1', detail: { purpose: 'register' } });
    expect(JSON.stringify(event?.detail)).not.toContain(code);
  });

  it('accepts a code once only', async () => {
    await otp.send({ mobile, purpose: 'register', ip: null });
    const code = sms.lastCodeTo(mobile);
    await otp.consume({ mobile, purpose: 'register', code, ip: null });
    await expectAppError(
      otp.consume({ mobile, purpose: 'register', code, ip: null }),
      400,
      AccountMessage.otpInvalid,
    );
  });

  it('lets exactly one of two simultaneous uses of a code succeed', async () => {
    await otp.send({ mobile, purpose: 'register', ip: null });
    const code = sms.lastCodeTo(mobile);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => otp.consume({ mobile, purpose: 'register', code, ip: null })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
  });

  it('expires a code 10 minutes after it was sent', async () => {
    await otp.send({ mobile, purpose: 'register', ip: null });
    const code = sms.lastCodeTo(mobile);
    clock.advance(OTP_VALIDITY_MS - 1);
    await otp.consume({ mobile, purpose: 'register', code, ip: null });

    clock.advance(OTP_RESEND_WAIT_MS);
    await otp.send({ mobile, purpose: 'register', ip: null });
    const second = sms.lastCodeTo(mobile);
    clock.advance(OTP_VALIDITY_MS);
    await expectAppError(
      otp.consume({ mobile, purpose: 'register', code: second, ip: null }),
      400,
      AccountMessage.otpInvalid,
    );
    const [event] = await audit.recent({ event: 'otp_verify_failed', limit: 1 });
    expect(event?.detail).toMatchObject({ reason: 'expired' });
  });

  it('counts wrong tries: the fourth still leaves the code usable', async () => {
    await otp.send({ mobile, purpose: 'reset_password', ip: null });
    const code = sms.lastCodeTo(mobile);
    for (let attempt = 1; attempt < OTP_MAX_ATTEMPTS; attempt += 1) {
      const error = await expectAppError(
        otp.consume({ mobile, purpose: 'reset_password', code: wrongCode(code), ip: null }),
        400,
        AccountMessage.otpIncorrect,
      );
      expect(error.extra).toEqual({ attempts_left: OTP_MAX_ATTEMPTS - attempt });
    }
    await otp.consume({ mobile, purpose: 'reset_password', code, ip: null });
  });

  it('kills a code at the fifth wrong try, even for the right code afterwards', async () => {
    await otp.send({ mobile, purpose: 'reset_password', ip: null });
    const code = sms.lastCodeTo(mobile);
    for (let attempt = 1; attempt <= OTP_MAX_ATTEMPTS; attempt += 1) {
      await expectAppError(
        otp.consume({ mobile, purpose: 'reset_password', code: wrongCode(code), ip: null }),
        400,
        AccountMessage.otpIncorrect,
      );
    }
    await expectAppError(
      otp.consume({ mobile, purpose: 'reset_password', code, ip: null }),
      400,
      AccountMessage.otpInvalid,
    );
    const row = await database()
      .db.selectFrom('otp_codes')
      .select('attempts')
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(OTP_MAX_ATTEMPTS);
  });

  it('compares exactly five tries of a code under 100 parallel guesses, and never the right one beyond them', async () => {
    // Issue 24: on PostgreSQL every parallel guess used to read "tries left" before any was counted, so up to
    // 59 were compared and a right guess after five wrong ones was accepted. Several bursts, since a race
    // shows only sometimes.
    const guesses = 100;
    const rightIndex = 50;
    for (let burst = 0; burst < 5; burst += 1) {
      const burstMobile = anotherMobile();
      await otp.send({ mobile: burstMobile, purpose: 'register', ip: null });
      const code = sms.lastCodeTo(burstMobile);
      // 99 different wrong codes and the right one after the fifth.
      const attempts = Array.from({ length: guesses }, (_, index) =>
        index === rightIndex ? code : String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
      );
      const outcomes = await Promise.allSettled(
        attempts.map((guess) =>
          otp.consume({ mobile: burstMobile, purpose: 'register', code: guess, ip: null }),
        ),
      );
      const failures = outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [outcome.reason as AppError] : [],
      );
      const accepted = outcomes.length - failures.length;
      const incorrect = failures.filter((error) => error.message === AccountMessage.otpIncorrect);
      const refused = failures.filter((error) => error.message === AccountMessage.otpInvalid);
      expect(incorrect.length + refused.length).toBe(failures.length);
      // Exactly five were compared (the wrong ones answered "incorrect", the right one, if compared, passed) …
      expect(incorrect.length + accepted).toBe(OTP_MAX_ATTEMPTS);
      // … each with a try of its own …
      const triesLeft = incorrect.map((error) => error.extra.attempts_left as number);
      expect(new Set(triesLeft).size).toBe(incorrect.length);
      const row = await database()
        .db.selectFrom('otp_codes')
        .select(['attempts', 'consumed_at'])
        .where('mobile', '=', burstMobile)
        .executeTakeFirstOrThrow();
      expect(Number(row.attempts)).toBe(OTP_MAX_ATTEMPTS);
      // … and the right code passed only as one of the five: afterwards it is refused like any other.
      if (accepted === 1) {
        expect(outcomes[rightIndex]?.status).toBe('fulfilled');
        expect(row.consumed_at).not.toBeNull();
      } else {
        expect(accepted).toBe(0);
        expect(row.consumed_at).toBeNull();
        await expectAppError(
          otp.consume({ mobile: burstMobile, purpose: 'register', code, ip: null }),
          400,
          AccountMessage.otpInvalid,
        );
      }
    }
  });

  it('refuses a resend within 60 seconds and says how long to wait', async () => {
    await otp.send({ mobile, purpose: 'register', ip: null });
    clock.advance(20_000);
    const error = await expectAppError(
      otp.send({ mobile, purpose: 'register', ip: null }),
      429,
      AccountMessage.otpResendTooSoon,
    );
    expect(error.extra).toEqual({ retry_after_seconds: 40 });
    // Another purpose has its own wait.
    expect(await otp.send({ mobile, purpose: 'reset_password', ip: null })).toBe('sent');
    clock.advance(OTP_RESEND_WAIT_MS - 20_000 - 1);
    await expectAppError(
      otp.send({ mobile, purpose: 'register', ip: null }),
      429,
      AccountMessage.otpResendTooSoon,
    );
    clock.advance(1);
    expect(await otp.send({ mobile, purpose: 'register', ip: null })).toBe('sent');
  });

  it('keeps the code of moments ago when asked to, without sending another', async () => {
    await otp.send({ mobile, purpose: 'login', ip: null });
    clock.advance(5_000);
    expect(await otp.send({ mobile, purpose: 'login', ip: null }, { ifRecent: 'keep' })).toBe('kept');
    expect(sms.sent).toHaveLength(1);
  });

  it('only accepts the newest code once another was sent', async () => {
    await otp.send({ mobile, purpose: 'register', ip: null });
    const first = sms.lastCodeTo(mobile);
    clock.advance(OTP_RESEND_WAIT_MS);
    await otp.send({ mobile, purpose: 'register', ip: null });
    const second = sms.lastCodeTo(mobile);
    if (first !== second) {
      await expectAppError(
        otp.consume({ mobile, purpose: 'register', code: first, ip: null }),
        400,
        AccountMessage.otpIncorrect,
      );
    }
    await otp.consume({ mobile, purpose: 'register', code: second, ip: null });
  });

  it('binds a code to its purpose and number', async () => {
    await otp.send({ mobile, purpose: 'register', ip: null });
    const code = sms.lastCodeTo(mobile);
    await expectAppError(
      otp.consume({ mobile, purpose: 'reset_password', code, ip: null }),
      400,
      AccountMessage.otpInvalid,
    );
    await expectAppError(
      otp.consume({ mobile: `${mobile.slice(0, -1)}9`, purpose: 'register', code, ip: null }),
      400,
      AccountMessage.otpInvalid,
    );
    await otp.consume({ mobile, purpose: 'register', code, ip: null });
  });

  it('caps the codes per number at the operator setting (5 by default) an hour, across purposes', async () => {
    startOfHour();
    expect(CAP_DEFAULTS.mobile).toBe(5);
    for (let index = 0; index < CAP_DEFAULTS.mobile; index += 1) {
      await otp.send({ mobile, purpose: index % 2 === 0 ? 'register' : 'login', ip: null });
      clock.advance(OTP_RESEND_WAIT_MS);
    }
    const refused = await expectAppError(
      otp.send({ mobile, purpose: 'register', ip: null }),
      429,
      AccountMessage.otpHourlyLimit,
    );
    expect(refused.extra.retry_after_seconds).toBeGreaterThan(0);
    const [event] = await audit.recent({ event: 'otp_rate_limited', limit: 1 });
    expect(event?.detail).toMatchObject({ cap: 'mobile' });
    // The refusal left no resend wait behind, and the next hour counts again.
    clock.advance(OTP_CAP_WINDOW_MS);
    expect(await otp.send({ mobile, purpose: 'register', ip: null })).toBe('sent');
  });

  it('follows the operator: a lower per-number cap refuses sooner', async () => {
    startOfHour();
    await settings.set('otp.hourly_cap_per_mobile', 2);
    await otp.send({ mobile, purpose: 'register', ip: null });
    await otp.send({ mobile, purpose: 'login', ip: null });
    await expectAppError(
      otp.send({ mobile, purpose: 'reset_password', ip: null }),
      429,
      AccountMessage.otpHourlyLimit,
    );
  });

  it('caps the codes per device at the operator setting, whatever the number', async () => {
    startOfHour();
    const deviceId = `device-${numberCounter}-abcdefghij`;
    for (let index = 0; index < CAP_DEFAULTS.device; index += 1) {
      await otp.send({ mobile: anotherMobile(), purpose: 'register', ip: null, deviceId });
    }
    await expectAppError(
      otp.send({ mobile, purpose: 'register', ip: null, deviceId }),
      429,
      AccountMessage.otpHourlyLimit,
    );
    const [event] = await audit.recent({ event: 'otp_rate_limited', limit: 1 });
    expect(event?.detail).toMatchObject({ cap: 'device' });
    // The refused request was not counted against its number: another device still gets the code.
    expect(await otp.send({ mobile, purpose: 'register', ip: null, deviceId: `${deviceId}-2` })).toBe('sent');
  });

  it('keeps the per-IP cap high enough for a carrier NAT: 50 people behind one address all get their code', async () => {
    startOfHour();
    expect(CAP_DEFAULTS.ip).toBeGreaterThanOrEqual(200);
    const ip = `100.64.0.${numberCounter}`;
    for (let index = 0; index < 50; index += 1) {
      expect(await otp.send({ mobile: anotherMobile(), purpose: 'login', ip })).toBe('sent');
    }
  });

  it('caps the codes per IP address at the operator setting', async () => {
    startOfHour();
    await settings.set('otp.hourly_cap_per_ip', 20);
    const ip = `192.0.2.${numberCounter}`;
    for (let index = 0; index < 20; index += 1) {
      await otp.send({ mobile: anotherMobile(), purpose: 'register', ip });
    }
    await expectAppError(otp.send({ mobile, purpose: 'register', ip }), 429, AccountMessage.otpHourlyLimit);
    const [event] = await audit.recent({ event: 'otp_rate_limited', limit: 1 });
    expect(event?.detail).toMatchObject({ cap: 'ip' });
    expect(await otp.send({ mobile, purpose: 'register', ip: '198.51.100.1' })).toBe('sent');
  });

  it('never passes the per-IP cap under 150 parallel sends from one address (the count is atomic)', async () => {
    startOfHour();
    await settings.set('otp.hourly_cap_per_ip', 20);
    const ip = `198.18.0.${numberCounter}`;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 150 }, () => otp.send({ mobile: anotherMobile(), purpose: 'register', ip })),
    );
    const sent = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter(
      (outcome) => outcome.status === 'rejected' && (outcome.reason as AppError).code === 429,
    );
    expect(sent).toHaveLength(20);
    expect(refused).toHaveLength(130);
    const codesFromIp = await database()
      .db.selectFrom('otp_codes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('ip', '=', ip)
      .executeTakeFirstOrThrow();
    expect(Number(codesFromIp.count)).toBe(20);
  });

  it('answers 503 when the provider fails, stores nothing and lets the user retry at once', async () => {
    sms.failing = true;
    await expectAppError(
      otp.send({ mobile, purpose: 'register', ip: '203.0.113.9' }),
      503,
      AccountMessage.smsFailed,
    );
    const rows = await database()
      .db.selectFrom('otp_codes')
      .select('id')
      .where('mobile', '=', mobile)
      .execute();
    expect(rows).toEqual([]);
    const [event] = await audit.recent({ event: 'otp_send_failed', limit: 1 });
    expect(event).toMatchObject({ mobile, detail: { purpose: 'register', reason: 'provider down' } });

    sms.failing = false;
    expect(await otp.send({ mobile, purpose: 'register', ip: '203.0.113.9' })).toBe('sent');
    await otp.consume({ mobile, purpose: 'register', code: sms.lastCodeTo(mobile), ip: null });
  });

  it('does not count failed deliveries against the hourly cap', async () => {
    startOfHour();
    sms.failing = true;
    for (let index = 0; index < CAP_DEFAULTS.mobile + 2; index += 1) {
      await expectAppError(
        otp.send({ mobile, purpose: 'register', ip: null }),
        503,
        AccountMessage.smsFailed,
      );
    }
    sms.failing = false;
    expect(await otp.send({ mobile, purpose: 'register', ip: null })).toBe('sent');
  });

  it('answers "invalid" when no code was ever sent', async () => {
    await expectAppError(
      otp.consume({ mobile, purpose: 'register', code: '123456', ip: null }),
      400,
      AccountMessage.otpInvalid,
    );
  });
});

describe('hashOtpCode', () => {
  it('differs by purpose, number and code', () => {
    const base = hashOtpCode('register', '+919876543210', '123456');
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOtpCode('reset_password', '+919876543210', '123456')).not.toBe(base);
    expect(hashOtpCode('register', '+919876543211', '123456')).not.toBe(base);
    expect(hashOtpCode('register', '+919876543210', '123457')).not.toBe(base);
    expect(hashOtpCode('register', '+919876543210', '123456')).toBe(base);
  });
});
