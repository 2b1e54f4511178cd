import { randomBytes } from 'node:crypto';
import { getMarket, type MarketCode, type SupportContactDto } from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import { insertUserIfFree, referralCodeExists } from '../accounts/accounts.repository.ts';
import { hashPassword } from '../accounts/password-hasher.ts';
import type { SettingKey, SettingValue } from '../settings/settings.definitions.ts';
import { findSettingValues } from '../settings/settings.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { countAllProducts } from '../shop/shop.repository.ts';
import { seedDemoPaymentChannels } from '../wallet/demo-payment-channels.ts';
import { seedDemoWithdrawalChannels } from '../withdrawals/demo-withdrawal-channels.ts';
import { DEMO_BANNER_PATHS, DEMO_NOTICE, DEMO_PRODUCTS, demoProductImagePaths } from './demo-catalogue.ts';
import { insertDemoProducts } from './demo-seed.repository.ts';

/** The referral code a fresh demo server accepts, printed in the start-up banner. */
export const DEMO_REFERRAL_CODE = 'DEMO2026';
export const DEMO_ANDROID_VERSION = '1.0.0';
/**
 * Where the demo's GET /user/get_app_version points: the app's own home, as a path, so the web app sees it
 * is already there and stays, whichever address (localhost, a LAN address) the demo was opened on.
 */
export const DEMO_LANDING_PAGE = '/';
/**
 * The demo configures no Android download: an example address would open a dead page, so the download bar
 * stays hidden until an operator sets a real prefix (PUT /admin/api/settings/app.android_prefix).
 */
export const DEMO_ANDROID_APP_PREFIX = '';
export const DEMO_SUPPORT_EMAIL = 'support@example.com';

/**
 * The demo's support group of /mine: an example.com address and the market's all-zero number, which no
 * real subscriber has (like the demo referrer's), so nobody real is ever contacted from the demo.
 */
export function demoSupportContacts(market: MarketCode): SupportContactDto[] {
  const placeholderNumber = `${getMarket(market).mobilePrefix}0000000000`;
  return [
    { type: 'email', value: DEMO_SUPPORT_EMAIL },
    { type: 'whatsapp', value: placeholderNumber },
  ];
}

/** The settings the demo fills for the home screen, /mine and the app version check. */
type DemoDisplaySettingKey = Extract<
  SettingKey,
  | 'home.banners'
  | 'home.notice'
  | 'app.android_version'
  | 'app.android_prefix'
  | 'app.landing_page'
  | 'support.contacts'
>;

/** The demo's home and /mine settings, each written only while it has never been stored. */
function demoDisplaySettings(market: MarketCode): { [Key in DemoDisplaySettingKey]: SettingValue<Key> } {
  return {
    'home.banners': [...DEMO_BANNER_PATHS],
    'home.notice': DEMO_NOTICE,
    'app.android_version': DEMO_ANDROID_VERSION,
    'app.android_prefix': DEMO_ANDROID_APP_PREFIX,
    'app.landing_page': DEMO_LANDING_PAGE,
    'support.contacts': demoSupportContacts(market),
  };
}

/**
 * The account that owns the demo referral code. Nobody logs in as it: its password is random and never
 * shown. The all-zero number cannot belong to a real subscriber.
 */
export const DEMO_REFERRER_MOBILE = '+910000000000';
export const DEMO_REFERRER_NICK_NAME = 'Demo';

export interface DemoSeedReport {
  productsInserted: number;
  referralCode: string;
  /** Whether this run created the demo referrer (a fresh database). */
  referrerCreated: boolean;
  /** Payment channels inserted (only into a database without any). */
  paymentChannelsInserted: number;
  /** Withdrawal channels inserted (only into a database without any). */
  withdrawalChannelsInserted: number;
  /** The display settings this run wrote (only those never stored before). */
  settingsSeeded: SettingKey[];
}

export interface DemoSeedOptions {
  /** The market whose amounts the demo payment channels use (default India). */
  market?: MarketCode;
  /** Seals the demo payment channels' keys (the server's one box). */
  secrets: SecretBox;
}

/**
 * Fills an empty database with the demo catalogue, banners, notice, app version and download prefix,
 * landing page, support contacts, referral code and payment channels (the sandbox gateway and manual UPI
 * enabled). Idempotent: each part is only written when it is absent, so restarts and operator edits are
 * never overwritten. A display setting counts as present once it was ever stored, so an operator who
 * clears one (no support contacts, no landing page) keeps it cleared.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  settings: SettingsService,
  clock: Clock,
  options: DemoSeedOptions,
): Promise<DemoSeedReport> {
  const storedCode = await settings.get('demo.referral_code');
  const referralCode = storedCode || DEMO_REFERRAL_CODE;
  // Hashing is slow, so the random password is only hashed when the referrer is actually missing.
  const referrerPasswordHash = (await referralCodeExists(db, referralCode))
    ? undefined
    : await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction().execute(async (trx) => {
    const now = clock.now();
    let productsInserted = 0;
    if ((await countAllProducts(trx)) === 0) {
      productsInserted = await insertDemoProducts(
        trx,
        DEMO_PRODUCTS.map((product, index) => {
          const [mainImage, image2, image3] = demoProductImagePaths(product.slug);
          return {
            name: product.name,
            price_minor: product.priceMinor,
            main_image: mainImage,
            image2,
            image3,
            spec: product.spec,
            stock: product.stock,
            cancellable: product.cancellable ? 1 : 0,
            sort_order: index,
            created_at: now,
            updated_at: now,
          };
        }),
      );
    }
    const displaySettings = demoDisplaySettings(options.market ?? 'in');
    const displayKeys = Object.keys(displaySettings) as DemoDisplaySettingKey[];
    const stored = await findSettingValues(trx, displayKeys);
    const settingsSeeded: SettingKey[] = [];
    for (const key of displayKeys) {
      if (stored.has(key)) continue;
      await settings.set(key, displaySettings[key] as never, trx);
      settingsSeeded.push(key);
    }
    if ((await settings.get('demo.referral_code', trx)) === '') {
      await settings.set('demo.referral_code', DEMO_REFERRAL_CODE, trx);
    }
    let referrerCreated = false;
    if (referrerPasswordHash !== undefined) {
      const referrerId = await insertUserIfFree(trx, {
        mobile: DEMO_REFERRER_MOBILE,
        password_hash: referrerPasswordHash,
        nick_name: DEMO_REFERRER_NICK_NAME,
        r_code: referralCode,
        referrer_level1_id: null,
        referrer_level2_id: null,
        is_early: 1,
        is_transfer_enable: 1,
        created_at: now,
        updated_at: now,
      });
      referrerCreated = referrerId !== undefined;
    }
    if (referrerCreated) {
      // A fresh demo shows every screen, so the people who register get the games and transfer flags.
      await settings.set('users.default_is_early', true, trx);
      await settings.set('users.default_transfer_enable', true, trx);
    }
    const paymentChannelsInserted = await seedDemoPaymentChannels(
      trx,
      options.market ?? 'in',
      now,
      options.secrets,
    );
    const withdrawalChannelsInserted = await seedDemoWithdrawalChannels(trx, options.market ?? 'in', now);
    return {
      productsInserted,
      referralCode,
      referrerCreated,
      paymentChannelsInserted,
      withdrawalChannelsInserted,
      settingsSeeded,
    };
  });
}
