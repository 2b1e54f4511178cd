import {
  adminBannersBody,
  adminNoticesBody,
  adminSupportContactsBody,
  MAX_HOME_BANNERS,
  MAX_SUPPORT_CONTACTS,
  type MarketCode,
  SUPPORT_TYPES,
  type SupportType,
} from '@app/shared';
import { z } from 'zod';

export { MAX_HOME_BANNERS, MAX_SUPPORT_CONTACTS };

/**
 * Whether changing a money control's value from `previous` to `next` loosens it (DESIGN.md §2 "Operator money
 * controls"): a loosening change is a request a second operator approves; a tightening one applies at once.
 */
export type LoosensControl<Value> = (previous: Value, next: Value) => boolean;

/** A bigger number allows more (a cap, a rate, a count). */
const higherLoosens: LoosensControl<number> = (previous, next) => next > previous;
/** A smaller number allows more (a minimum, a wait, a factor of wagering). */
const lowerLoosens: LoosensControl<number> = (previous, next) => next < previous;
/** A bigger number allows more, and 0 means "no limit" (or "control off"), the loosest of all. */
const zeroMeansNoneHigherLoosens: LoosensControl<number> = (previous, next) =>
  previous !== 0 && (next === 0 || next > previous);
/** Switching on allows more (a default flag that opens a feature to every new account). */
const turningOnLoosens: LoosensControl<boolean> = (previous, next) => !previous && next;
/** Switching off allows more (a requirement dropped). */
const turningOffLoosens: LoosensControl<boolean> = (previous, next) => previous && !next;

/**
 * How far the market's currency unit is from India's rupee, roughly, for defaults that are amounts of money
 * (1,000.00 in India is about 60.00 in Brazil): a control's default must bind in every market.
 */
const MARKET_AMOUNT_SCALE: Readonly<Record<MarketCode, number>> = { in: 1, pt: 0.06, mx: 0.2, vi: 300 };

/** The per-market defaults of an amount given in India's minor units. */
function scaledPerMarket(inMinor: number): Readonly<Record<MarketCode, number>> {
  return {
    in: inMinor,
    pt: Math.round(inMinor * MARKET_AMOUNT_SCALE.pt),
    mx: Math.round(inMinor * MARKET_AMOUNT_SCALE.mx),
    vi: Math.round(inMinor * MARKET_AMOUNT_SCALE.vi),
  };
}

/** The shape every setting definition has (SETTING_DEFINITIONS keeps each one's own types). */
export interface SettingDefinition<Value = unknown> {
  readonly schema: z.ZodType<Value>;
  readonly writeSchema?: z.ZodType;
  readonly defaultValue: Value;
  /** A different default per market (amounts of money). */
  readonly marketDefaults?: Readonly<Record<MarketCode, Value>>;
  /** Set on the money controls: whether a change loosens the control (then it needs a second operator). */
  readonly loosens?: LoosensControl<Value>;
}

/**
 * Every operator setting with its type and default. A setting that is not stored answers its default, so a
 * new setting never needs a data migration. `writeSchema`, where there is one, is the stricter shared
 * contract a new value must meet (the console's content forms use it too); `schema` reads what is stored,
 * so a value written before the stricter rule never fails a player's read.
 */
export const SETTING_DEFINITIONS = {
  'home.banners': {
    schema: z.array(z.string().max(500)).max(MAX_HOME_BANNERS),
    writeSchema: adminBannersBody.shape.banners,
    defaultValue: [] as string[],
  },
  'home.notice': {
    schema: z.string().max(5000),
    writeSchema: adminNoticesBody.shape.home_notice,
    defaultValue: '',
  },
  /** The notice banner of the colour game screen (notice_content of GET /win/next_period_info). */
  'colour.notice': {
    schema: z.string().max(5000),
    writeSchema: adminNoticesBody.shape.colour_notice,
    defaultValue: '',
  },
  'app.android_version': { schema: z.string().max(50), defaultValue: '' },
  'demo.referral_code': { schema: z.string().max(20), defaultValue: '' },
  /** The support contact group of /mine (spec 01 §2). */
  'support.contacts': {
    schema: z
      .array(z.object({ type: z.enum(SUPPORT_TYPES), value: z.string().min(1).max(200) }))
      .max(MAX_SUPPORT_CONTACTS),
    writeSchema: adminSupportContactsBody.shape.contacts,
    defaultValue: [] as Array<{ type: SupportType; value: string }>,
  },
  /**
   * Where GET /user/get_app_version(_auth) sends the app: an absolute URL, or a path on this server that the
   * web app resolves against its own address (so `/`, the app itself, leaves it where it is); empty means
   * "stay" (the call answers 404). A path starting with // or /\ is refused: browsers read it as another
   * host.
   */
  'app.landing_page': {
    schema: z.union([
      z.literal(''),
      z.url().max(1000),
      z
        .string()
        .max(1000)
        .regex(/^\/(?![/\\])\S*$/, 'must be an absolute URL or a path starting with a single /'),
    ]),
    defaultValue: '',
  },
  /** The Android package address without its version; the app appends android_version (spec 01 §7). */
  'app.android_prefix': { schema: z.string().max(1000), defaultValue: '' },
  /** Flags given to each new account; the demo turns the first two on. */
  'users.default_is_early': { schema: z.boolean(), defaultValue: false, loosens: turningOnLoosens },
  'users.default_transfer_enable': { schema: z.boolean(), defaultValue: false, loosens: turningOnLoosens },
  'users.default_event_gift_enable': {
    schema: z.boolean(),
    defaultValue: false,
    loosens: turningOnLoosens,
  },
  /**
   * The support link of the recharge screen (contact_url of GET /user/channels): a web, mail, phone,
   * Telegram or WhatsApp link; empty shows none.
   */
  'recharge.contact_url': {
    schema: z.union([
      z.literal(''),
      z
        .string()
        .max(500)
        .regex(
          /^(https?:\/\/|mailto:|tel:|tg:\/\/|whatsapp:\/\/)\S+$/,
          'must be a web, mailto, tel, tg or whatsapp link',
        ),
    ]),
    defaultValue: '',
  },
  /** Withdrawal bounds in minor units of the market's currency (issue 6); 0 as maximum means none. */
  'withdrawal.min_amount_minor': {
    schema: z.number().int().min(0),
    defaultValue: 100_00,
    loosens: lowerLoosens,
  },
  'withdrawal.max_amount_minor': {
    schema: z.number().int().min(0),
    defaultValue: 50_000_00,
    loosens: zeroMeansNoneHigherLoosens,
  },
  /** Withdrawals a user may request per market day (Wait and Success count, Reject does not). */
  'withdrawal.daily_count': {
    schema: z.number().int().min(0).max(1000),
    defaultValue: 3,
    loosens: higherLoosens,
  },
  /** Hours after a bank card is added or edited before it can receive a withdrawal. */
  'withdrawal.card_cooldown_hours': {
    schema: z
      .number()
      .int()
      .min(0)
      .max(24 * 90),
    defaultValue: 24,
    loosens: lowerLoosens,
  },
  /** needs_bet grows by each credited recharge × this factor (at most two decimals, 1 = the amount). */
  'withdrawal.needs_bet_factor': {
    schema: z
      .number()
      .min(0)
      .max(100)
      .refine((factor) => Math.abs(factor * 100 - Math.round(factor * 100)) < 1e-9, 'at most two decimals'),
    defaultValue: 1,
    loosens: lowerLoosens,
  },
  /** Whether adding or editing a bank card needs an edit_bankcard verification code. */
  'bank_card.otp_required': { schema: z.boolean(), defaultValue: true, loosens: turningOffLoosens },
  /**
   * Four-eyes: a withdrawal of at least this amount (minor units) is paid only after two different operators
   * approve it; 0 lets one approval do for every amount.
   */
  'withdrawal.four_eyes_threshold_minor': {
    schema: z.number().int().min(0),
    defaultValue: 10_000_00,
    loosens: zeroMeansNoneHigherLoosens,
  },
  /**
   * Four-eyes on manual UPI recharges: one of at least this amount (minor units) is credited only when a
   * second, different operator confirms it too; 0 lets one confirmation do for every amount.
   */
  'recharge.manual_four_eyes_threshold_minor': {
    schema: z.number().int().min(0),
    defaultValue: 10_000_00,
    marketDefaults: scaledPerMarket(10_000_00),
    loosens: zeroMeansNoneHigherLoosens,
  },
  /** The support link of the withdrawal screen (contact_url of GET /user/channels?type=withdrawal). */
  'withdrawal.contact_url': {
    schema: z.union([
      z.literal(''),
      z
        .string()
        .max(500)
        .regex(
          /^(https?:\/\/|mailto:|tel:|tg:\/\/|whatsapp:\/\/)\S+$/,
          'must be a web, mailto, tel, tg or whatsapp link',
        ),
    ]),
    defaultValue: '',
  },
  /**
   * One-time codes per clock hour (issue 13): to one number (whatever the purpose), from one device, and
   * from one IP address. The per-IP cap only bounds what one source can spend on SMS: behind a carrier NAT
   * or an office network a whole site shares one address, so it is far above the per-number and per-device
   * caps, which do the fine-grained limiting.
   */
  'otp.hourly_cap_per_mobile': {
    schema: z.number().int().min(1).max(100),
    defaultValue: 5,
    loosens: higherLoosens,
  },
  'otp.hourly_cap_per_device': {
    schema: z.number().int().min(1).max(1000),
    defaultValue: 10,
    loosens: higherLoosens,
  },
  'otp.hourly_cap_per_ip': {
    schema: z.number().int().min(1).max(1_000_000),
    defaultValue: 300,
    loosens: higherLoosens,
  },
  /**
   * The most a crash-game round may pay out, in minor units (issue 15): when the payouts of the round plus
   * what everyone still in would get at the current multiplier reach it, everyone still in is cashed out
   * there (the force point). The round's fair result is not changed.
   */
  'aviator.max_payout_per_round_minor': {
    schema: z.number().int().min(1).max(1_000_000_000_000),
    defaultValue: 1_000_000_00,
    loosens: higherLoosens,
  },
  /** Referral bonus rates in basis points of the fee a referred player pays (DESIGN.md §6: 30 % and 10 %). */
  'promotion.level1_rate_bp': {
    schema: z.number().int().min(0).max(10_000),
    defaultValue: 3_000,
    loosens: higherLoosens,
  },
  'promotion.level2_rate_bp': {
    schema: z.number().int().min(0).max(10_000),
    defaultValue: 1_000,
    loosens: higherLoosens,
  },
  /** First-recharge bonus (BFFR) of the level-1 referrer: 5 % of the recharge, at most 500.00. */
  'promotion.first_recharge_rate_bp': {
    schema: z.number().int().min(0).max(10_000),
    defaultValue: 500,
    loosens: higherLoosens,
  },
  'promotion.first_recharge_max_minor': {
    schema: z.number().int().min(0),
    defaultValue: 500_00,
    loosens: higherLoosens,
  },
  /** A profit transfer of at most this much completes at once; 0 means every one waits for an operator. */
  'promotion.auto_complete_max_minor': {
    schema: z.number().int().min(0),
    defaultValue: 0,
    loosens: higherLoosens,
  },
  /** Gift events (DESIGN.md §6): each round's pool, how many may open it, the least one opener gets. */
  'gift_events.pool_minor': {
    schema: z.number().int().min(1),
    defaultValue: 3_000_000_00,
    loosens: higherLoosens,
  },
  'gift_events.receive_limit': {
    schema: z.number().int().min(1).max(1_000_000),
    defaultValue: 10_000,
    loosens: higherLoosens,
  },
  'gift_events.min_amount_minor': {
    schema: z.number().int().min(1),
    defaultValue: 1_00,
    loosens: higherLoosens,
  },
  /** Entry requirements of the rounds: recharged once, referred someone, bet today (market day). */
  'gift_events.join_recharge': { schema: z.boolean(), defaultValue: true, loosens: turningOffLoosens },
  'gift_events.join_relation': { schema: z.boolean(), defaultValue: false, loosens: turningOffLoosens },
  'gift_events.join_bet': { schema: z.boolean(), defaultValue: false, loosens: turningOffLoosens },
  /**
   * A gift code whose total is above this (minor units) is made only when a second operator approves it
   * (DESIGN.md §2 "Operator money controls"): 1,000.00 in India, scaled in the other markets.
   */
  'gifts.single_approval_max_minor': {
    schema: z.number().int().min(0).max(1_000_000_000_000),
    defaultValue: 1_000_00,
    marketDefaults: scaledPerMarket(1_000_00),
    loosens: higherLoosens,
  },
  /**
   * The most one operator's gift codes may total in a market day (minor units), approved ones included: a
   * cap that holds even when both operators of an approval are wrong.
   */
  'gifts.operator_daily_total_max_minor': {
    schema: z.number().int().min(0).max(1_000_000_000_000),
    defaultValue: 50_000_00,
    marketDefaults: scaledPerMarket(50_000_00),
    loosens: higherLoosens,
  },
} as const;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;

/** The schema a new value of a setting must meet: its writeSchema, or else the schema it is read with. */
export function settingWriteSchema(key: SettingKey): z.ZodType {
  const definition: { schema: z.ZodType; writeSchema?: z.ZodType } = SETTING_DEFINITIONS[key];
  return definition.writeSchema ?? definition.schema;
}

/** A setting's definition with its types widened, for code that handles every setting alike. */
export function settingDefinition(key: SettingKey): SettingDefinition {
  return SETTING_DEFINITIONS[key] as unknown as SettingDefinition;
}

/** A setting's default in a market. */
export function settingDefault(key: SettingKey, market: MarketCode): unknown {
  const definition = settingDefinition(key);
  return definition.marketDefaults?.[market] ?? definition.defaultValue;
}

/** Whether changing a setting from `previous` to `next` loosens a money control (false for other settings). */
export function loosensControl(key: SettingKey, previous: unknown, next: unknown): boolean {
  return settingDefinition(key).loosens?.(previous, next) ?? false;
}
export type SettingValue<Key extends SettingKey> = z.output<(typeof SETTING_DEFINITIONS)[Key]['schema']>;
