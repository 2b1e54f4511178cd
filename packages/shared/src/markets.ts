/** The four markets the product runs in, and every per-market constant of the spec (§9 of both documents). */
export const MARKET_CODES = ['in', 'pt', 'mx', 'vi'] as const;
export type MarketCode = (typeof MARKET_CODES)[number];

export type LanguageCode = 'en' | 'pt-BR' | 'es-MX' | 'vi';

export interface MarketDefinition {
  readonly code: MarketCode;
  /** ISO 4217 currency code; amounts are always kept in 1/100 units of it. */
  readonly currency: string;
  readonly currencySymbol: string;
  readonly decimalSeparator: '.' | ',';
  readonly mobilePrefix: string;
  readonly defaultLanguage: LanguageCode;
  /** IANA zone for period numbers, inventory hours, gift rounds and weekly deadlines. */
  readonly timeZone: string;
  /** Colour game contract money choices, in major units. */
  readonly contractMoneyPresets: readonly number[];
  /** Lucky Hit and Aviator stake bounds and defaults, in major units. */
  readonly luckyHitMinStake: number;
  readonly luckyHitDefaultStake: number;
  readonly aviatorDefaultStake: number;
  /** Whether bank cards carry an IFSC code (only India). */
  readonly bankCardHasIfsc: boolean;
}

const DEFAULT_CONTRACT_MONEY = [1, 10, 100, 1000] as const;

export const MARKETS: Readonly<Record<MarketCode, MarketDefinition>> = {
  in: {
    code: 'in',
    currency: 'INR',
    currencySymbol: '₹',
    decimalSeparator: '.',
    mobilePrefix: '+91',
    defaultLanguage: 'en',
    timeZone: 'Asia/Kolkata',
    contractMoneyPresets: [10, 100, 1000, 10000],
    luckyHitMinStake: 10,
    luckyHitDefaultStake: 50,
    aviatorDefaultStake: 50,
    bankCardHasIfsc: true,
  },
  pt: {
    code: 'pt',
    currency: 'BRL',
    currencySymbol: 'R$',
    decimalSeparator: ',',
    mobilePrefix: '+55',
    defaultLanguage: 'pt-BR',
    timeZone: 'America/Sao_Paulo',
    contractMoneyPresets: [1, 10, 100, 1000],
    luckyHitMinStake: 1,
    luckyHitDefaultStake: 5,
    aviatorDefaultStake: 5,
    bankCardHasIfsc: false,
  },
  mx: {
    code: 'mx',
    currency: 'MXN',
    currencySymbol: 'Mex$',
    decimalSeparator: '.',
    mobilePrefix: '+52',
    defaultLanguage: 'es-MX',
    timeZone: 'America/Mexico_City',
    contractMoneyPresets: DEFAULT_CONTRACT_MONEY,
    luckyHitMinStake: 10,
    luckyHitDefaultStake: 50,
    aviatorDefaultStake: 50,
    bankCardHasIfsc: false,
  },
  vi: {
    code: 'vi',
    currency: 'VND',
    currencySymbol: '₫',
    decimalSeparator: '.',
    mobilePrefix: '+84',
    defaultLanguage: 'vi',
    timeZone: 'Asia/Ho_Chi_Minh',
    contractMoneyPresets: DEFAULT_CONTRACT_MONEY,
    luckyHitMinStake: 10,
    luckyHitDefaultStake: 50,
    aviatorDefaultStake: 50,
    bankCardHasIfsc: false,
  },
};

export function isMarketCode(value: unknown): value is MarketCode {
  return typeof value === 'string' && (MARKET_CODES as readonly string[]).includes(value);
}

/** Returns the market's definition; throws on an unknown code because that is a configuration bug. */
export function getMarket(code: MarketCode): MarketDefinition {
  const market = MARKETS[code];
  if (!market) throw new Error(`Unknown market code: ${String(code)}`);
  return market;
}
