import { expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { registerThroughApi, tokenHeader } from '../accounts/account-fixtures.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { DEMO_REFERRAL_CODE, DEMO_REFERRER_MOBILE, seedDemoData } from './demo-seed.service.ts';

describeEachDatabase('demo seed: referrer and new-user flags', (database) => {
  it('creates the demo referrer once, turns the new-user flags on, and never overwrites the operator', async () => {
    const { db } = database();
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const settings = new SettingsService(db, clock);

    const first = await seedDemoData(db, settings, clock, { secrets: testSecretBox() });
    expect(first).toMatchObject({ referralCode: DEMO_REFERRAL_CODE, referrerCreated: true });
    const referrer = await db
      .selectFrom('users')
      .selectAll()
      .where('r_code', '=', DEMO_REFERRAL_CODE)
      .executeTakeFirstOrThrow();
    expect(referrer.mobile).toBe(DEMO_REFERRER_MOBILE);
    expect(referrer.password_hash).toMatch(/^\$argon2id\$/);
    expect(await settings.getMany(['users.default_is_early', 'users.default_transfer_enable'])).toEqual({
      'users.default_is_early': true,
      'users.default_transfer_enable': true,
    });

    await settings.set('users.default_transfer_enable', false);
    const second = await seedDemoData(db, settings, clock, { secrets: testSecretBox() });
    expect(second.referrerCreated).toBe(false);
    expect(await settings.get('users.default_transfer_enable')).toBe(false);
    const referrers = await db
      .selectFrom('users')
      .select('id')
      .where('r_code', '=', DEMO_REFERRAL_CODE)
      .execute();
    expect(referrers).toHaveLength(1);
    await settings.set('users.default_transfer_enable', true);

    // A person trying the demo registers with the printed code and gets the demo flags.
    const app = await buildTestApp(database(), { clock });
    try {
      const user = await registerThroughApi(app, { rCode: DEMO_REFERRAL_CODE.toLowerCase() });
      const profile = (
        await app.inject({ method: 'GET', url: '/user/profile', headers: tokenHeader(user.token) })
      ).json();
      expect(profile).toMatchObject({ is_early: true, is_transfer_enable: 1 });
      const row = await db
        .selectFrom('users')
        .select('referrer_level1_id')
        .where('mobile', '=', user.mobile)
        .executeTakeFirstOrThrow();
      expect(row.referrer_level1_id).toBe(referrer.id);
    } finally {
      await app.close();
    }
  });
});
