import { expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { registerThroughApi, tokenHeader } from '../accounts/account-fixtures.ts';
import type { SettingKey } from '../settings/settings.definitions.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { DEMO_BANNER_PATHS, DEMO_NOTICE, DEMO_PRODUCTS } from './demo-catalogue.ts';
import {
  DEMO_ANDROID_APP_PREFIX,
  DEMO_ANDROID_VERSION,
  DEMO_LANDING_PAGE,
  DEMO_REFERRAL_CODE,
  DEMO_SUPPORT_EMAIL,
  demoSupportContacts,
  seedDemoData,
} from './demo-seed.service.ts';

const DISPLAY_SETTINGS: SettingKey[] = [
  'home.banners',
  'home.notice',
  'app.android_version',
  'app.android_prefix',
  'app.landing_page',
  'support.contacts',
];

describeEachDatabase('demo seed: catalogue and display settings', (database) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));

  /** Every row a second seed could duplicate, counted. */
  async function rowCounts() {
    const { db } = database();
    const count = async (table: keyof Database) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const settingRows = await db.selectFrom('settings').select('key').execute();
    return {
      products: await count('products'),
      users: await count('users'),
      settingRows: settingRows.map((row) => row.key).sort(),
    };
  }

  it('fills a fresh database, and a second and third run add nothing', async () => {
    const { db } = database();
    const settings = new SettingsService(db, clock);

    const first = await seedDemoData(db, settings, clock, { market: 'in', secrets: testSecretBox() });
    expect(first.productsInserted).toBe(DEMO_PRODUCTS.length);
    expect([...first.settingsSeeded].sort()).toEqual([...DISPLAY_SETTINGS].sort());
    expect(await settings.getMany(DISPLAY_SETTINGS)).toEqual({
      'home.banners': [...DEMO_BANNER_PATHS],
      'home.notice': DEMO_NOTICE,
      'app.android_version': DEMO_ANDROID_VERSION,
      'app.android_prefix': DEMO_ANDROID_APP_PREFIX,
      'app.landing_page': DEMO_LANDING_PAGE,
      'support.contacts': [
        { type: 'email', value: DEMO_SUPPORT_EMAIL },
        { type: 'whatsapp', value: '+910000000000' },
      ],
    });
    const afterFirst = await rowCounts();
    expect(afterFirst.products).toBe(DEMO_PRODUCTS.length);

    for (let run = 0; run < 2; run += 1) {
      const again = await seedDemoData(db, settings, clock, { market: 'in', secrets: testSecretBox() });
      expect(again).toMatchObject({
        productsInserted: 0,
        settingsSeeded: [],
        referrerCreated: false,
        paymentChannelsInserted: 0,
        withdrawalChannelsInserted: 0,
      });
      expect(await rowCounts()).toEqual(afterFirst);
      const values = await settings.getMany(['home.banners', 'support.contacts']);
      expect(values['home.banners']).toHaveLength(DEMO_BANNER_PATHS.length);
      expect(values['support.contacts']).toHaveLength(2);
    }
  });

  it('shows the support group, the download prefix, the banners and the landing page through the API', async () => {
    const app = await buildTestApp(database(), { clock });
    try {
      const home = (await app.inject({ method: 'GET', url: '/shop/home_top' })).json();
      expect(home.queryset[0]).toMatchObject({
        image1: DEMO_BANNER_PATHS[0],
        image5: DEMO_BANNER_PATHS[4],
        notice: DEMO_NOTICE,
        android_version: DEMO_ANDROID_VERSION,
      });
      const version = await app.inject({ method: 'GET', url: '/user/get_app_version' });
      expect(version.statusCode).toBe(200);
      expect(version.json()).toEqual({ code: 200, landing_page: DEMO_LANDING_PAGE });

      const user = await registerThroughApi(app, { rCode: DEMO_REFERRAL_CODE });
      const profile = (
        await app.inject({ method: 'GET', url: '/user/profile', headers: tokenHeader(user.token) })
      ).json();
      expect(profile.supports).toEqual(demoSupportContacts('in'));
      expect(profile.android_app_prefix).toBe(DEMO_ANDROID_APP_PREFIX);
    } finally {
      await app.close();
    }
  });

  it('never overwrites an operator’s edit, even one that cleared a setting', async () => {
    const { db } = database();
    const settings = new SettingsService(db, clock);
    await settings.set('support.contacts', []);
    await settings.set('app.landing_page', '');
    await settings.set('app.android_prefix', '');
    await settings.set('home.banners', []);
    await settings.set('home.notice', 'Closed for Diwali');

    const report = await seedDemoData(db, settings, clock, { market: 'in', secrets: testSecretBox() });

    expect(report.settingsSeeded).toEqual([]);
    expect(await settings.getMany(DISPLAY_SETTINGS)).toMatchObject({
      'support.contacts': [],
      'app.landing_page': '',
      'app.android_prefix': '',
      'home.banners': [],
      'home.notice': 'Closed for Diwali',
    });
  });
});

it('gives each market its own placeholder number in the demo support group', () => {
  expect(demoSupportContacts('pt')).toEqual([
    { type: 'email', value: DEMO_SUPPORT_EMAIL },
    { type: 'whatsapp', value: '+550000000000' },
  ]);
  expect(demoSupportContacts('vi')[1]?.value).toBe('+840000000000');
});
