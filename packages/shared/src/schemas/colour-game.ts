import { z } from 'zod';
import {
  COLOUR_CATEGORIES,
  COLOUR_MAX_CONTRACT_COUNT,
  COLOUR_PERIOD_PATTERN,
  type ColourCategory,
  GUESS_TYPES,
  type GuessType,
} from '../colour-game.ts';
import { type Page, paginationQuery } from './common.ts';
import { moneyAmountField } from './wallet.ts';

/** Contracts of the colour game calls (spec 02 §3, §7; issue 7). */

/** The default saas id of the public history pages (spec 02 §9). */
export const DEFAULT_SAAS_ID = 1;
/** Largest saas id accepted; the value is only echoed by the spec's app and carries no meaning here. */
export const MAX_SAAS_ID = 1_000_000;

/** Server messages of the colour game; the app shows them in the Fail dialog. */
export const ColourMessage = {
  betCompleted: 'Your contract was completed successfully',
  periodClosed: 'This period is closed for betting, please join the next period',
  periodNotOpen: 'period is not the open period',
  contractMoneyNotPreset: 'contract_money must be one of the contract money choices',
  periodNotFound: 'Period not found',
  /** A period that has ended without a published hash chain covering it: it took no bets and has no result. */
  periodNotDrawn: 'This period was not drawn: no published hash chain covered it',
} as const;

const categoryField = z.enum(COLOUR_CATEGORIES, { error: 'category must be one of P, S, B, E' });

/** A whole number in a body: a JSON integer or a string of digits; anything else is refused. */
const wholeNumberField = (field: string, min: number, max: number) =>
  z.unknown().transform((value, ctx): number => {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (value === undefined || value === null || text === '') {
      ctx.addIssue({ code: 'custom', message: `${field} is required` });
      return z.NEVER;
    }
    if (!/^-?\d{1,12}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a whole number` });
      return z.NEVER;
    }
    const parsed = Number(text);
    if (parsed < min || parsed > max) {
      ctx.addIssue({ code: 'custom', message: `${field} must be between ${min} and ${max}` });
      return z.NEVER;
    }
    return parsed;
  });

/** A period number in a body or query: YYYYMMDD + 001…480, as a string or a JSON integer. */
export const periodField = z
  .union([z.string(), z.number()], { error: 'period is required' })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!COLOUR_PERIOD_PATTERN.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'period must be a period number such as 20250305001' });
      return z.NEVER;
    }
    return text;
  });

/**
 * POST /win/add_user_guess. number is required (0-9) for a number guess and ignored otherwise;
 * contract_money is checked against the market's presets by the server.
 */
export const addUserGuessBody = z
  .object({
    category: categoryField,
    period: periodField,
    guess_type: z.enum(GUESS_TYPES, { error: 'guess_type must be one of G, R, V, N' }),
    number: z.unknown().optional(),
    contract_money: moneyAmountField('contract_money'),
    contract_count: wholeNumberField('contract_count', 1, COLOUR_MAX_CONTRACT_COUNT),
  })
  .transform((body, ctx) => {
    let guessNumber: number | null = null;
    if (body.guess_type === 'N') {
      const parsed = wholeNumberField('number', 0, 9).safeParse(body.number);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'number must be a digit from 0 to 9', path: ['number'] });
        return z.NEVER;
      }
      guessNumber = parsed.data;
    }
    return {
      category: body.category,
      period: body.period,
      guessType: body.guess_type,
      guessNumber,
      contractMoneyMinor: body.contract_money,
      contractCount: body.contract_count,
    };
  });
export type AddUserGuessBody = z.output<typeof addUserGuessBody>;

/** Query of the category lists: category and the usual paging. */
export const colourListQuery = paginationQuery.extend({ category: categoryField });
export type ColourListQuery = z.output<typeof colourListQuery>;

/** GET /win/next_period_info_noauth?category&saas_id. */
export const colourHistoryQuery = z.object({
  category: categoryField,
  saas_id: z
    .string({ error: 'saas_id must be a whole number' })
    .trim()
    .regex(/^\d{1,7}$/, 'saas_id must be a whole number')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, 'saas_id must be at least 1')
        .max(MAX_SAAS_ID, `saas_id must be at most ${MAX_SAAS_ID}`),
    )
    .optional()
    .default(DEFAULT_SAAS_ID),
});

/** GET /win/fairness?category&period. */
export const colourFairnessQuery = z.object({ category: categoryField, period: periodField });

/** GET /win/fairness/chains?category: one room, or every room when category is left out. */
export const colourChainsQuery = z.object({ category: categoryField.optional() });
export type ColourChainsQuery = z.output<typeof colourChainsQuery>;

/** GET /admin/api/colour/periods?category&p&p_size: settled periods of one room, or of every room. */
export const adminColourPeriodsQuery = paginationQuery.extend({ category: categoryField.optional() });
export type AdminColourPeriodsQuery = z.output<typeof adminColourPeriodsQuery>;

/** GET /win/next_period_info (auth). */
export interface NextPeriodInfoResponse {
  code: 200;
  balance: string;
  /** The period a bet goes to: the open one, or, while it has no committed chain, the first that will. */
  next_period: string;
  notice_content: string;
  /** Seconds until next_period is drawn. */
  count_down_sec: number;
  /**
   * 0 when next_period takes bets now (until 30 s before its draw); otherwise the seconds until it opens
   * (a fresh start: the running period has no committed hash chain), or null while no chain is committed
   * yet and the opening is not known (ask again).
   */
  betting_opens_in_sec: number | null;
}

/** One settled period in the public lists (spec 02 §3 "Guess period row"). */
export interface GuessPeriodDto {
  period: string;
  price: number;
  last_num: number;
  is_red: boolean;
  is_green: boolean;
  is_violet: boolean;
}

/** One period of today on the history screens (spec 02 §3 "Colour game history entry"). */
export interface ColourHistoryEntryDto extends GuessPeriodDto {
  today_times: string;
}

/** GET /win/next_period_info_noauth. */
export interface ColourHistoryResponse {
  code: 200;
  next_period: string;
  count_down_sec: number;
  periods: ColourHistoryEntryDto[];
}

/** A user's bet (spec 02 §3 "User guess"), with its id and category for the detail rows. */
export interface UserGuessDto {
  id: number;
  category: ColourCategory;
  period: string;
  status: 'W' | 'S' | 'F';
  type: GuessType;
  number: number | null;
  contract_money: string;
  contract_count: number;
  /** The contract amount: stake − fee. */
  delivery: string;
  fee: string;
  open_price: number | null;
  result: string | null;
  /** What the bet won: the payout on S, 0.00 on W and F. */
  amount: string;
  create_time: number;
}

export type GuessPeriodListResponse = Page<GuessPeriodDto>;
export type UserGuessListResponse = Page<UserGuessDto>;

/** GET /win/fairness: the commitment, the seed once revealed, and the result. */
export interface ColourFairnessResponse {
  code: 200;
  category: ColourCategory;
  period: string;
  /** The terminal hash of the room's hash chain that covers the period, published before its first period. */
  terminal_hash: string;
  /** The period's link in the chain: hashing its seed this many times gives the terminal hash. */
  chain_index: number;
  settled: boolean;
  seed: string | null;
  /** The seed of the chain's previous period (SHA-256 of seed), when revealed. */
  previous_seed: string | null;
  price: number | null;
  number: number | null;
}

/**
 * Where a room's hash chain stands: upcoming (committed, its first period not begun), current (it draws
 * the period under way) or finished (used up, or followed by a newer chain).
 */
export const COLOUR_CHAIN_STATES = ['upcoming', 'current', 'finished'] as const;
export type ColourChainState = (typeof COLOUR_CHAIN_STATES)[number];

/** One published commitment: the terminal hash of a room's chain and the periods it draws. */
export interface ColourChainCommitmentDto {
  category: ColourCategory;
  /** Link 0 of the chain: hashing period k's revealed seed k times gives it. */
  terminal_hash: string;
  /** The chain's first period (link 1) and its last one (link chain_length). */
  first_period: string;
  last_period: string;
  chain_length: number;
  /** When the chain was committed to the database (epoch ms), always before its first period began. */
  create_time: number;
  state: ColourChainState;
}

/** GET /win/fairness/chains: each room's current and recent commitments, newest first within a room. */
export interface ColourChainCommitmentsResponse {
  code: 200;
  chains: ColourChainCommitmentDto[];
}

/**
 * A settled period as the operator sees it (GET /admin/api/colour/periods). Every amount is a decimal
 * string in the market's currency: stake = fee + contract (fee 2 % of the stake, payouts computed on the
 * contract); payout is what the winners were credited; house_take = stake − payout, the fee included
 * (negative when the period cost the house).
 */
export interface AdminColourPeriodDto {
  period: string;
  category: ColourCategory;
  /** The open price and its last digit, the period's result. */
  price: number;
  result: number;
  bet_count: number;
  stake: string;
  fee: string;
  contract: string;
  payout: string;
  house_take: string;
  settled_time: number;
}

export type AdminColourPeriodListResponse = Page<AdminColourPeriodDto>;

/** POST /win/add_user_guess on success. */
export interface AddUserGuessResponse {
  code: 200;
  msg: string;
  id: number;
}
