import { z } from 'zod';
import {
  LUCKY_HIT_BET_TYPES,
  LUCKY_HIT_CLIENT_SEED_PATTERN,
  LUCKY_HIT_PERIOD_PATTERN,
  type LuckyHitBetType,
  type LuckyHitSide,
} from '../luckyhit.ts';
import { type Page, paginationQuery } from './common.ts';
import { moneyAmountField } from './wallet.ts';

/**
 * Contracts of Lucky Hit (spec 02 §3 "Lucky Hit user record" and "live data", §7; issue 16): the socket
 * commands 3002-3016, each one's `data` as a zod schema, and the HTTP calls.
 */

/** The socket commands (spec 02 §7 "Lucky Hit"): the app sends 3015 and receives the rest. */
export const LuckyHitCmd = {
  groupInfo: 3002,
  openResult: 3004,
  periodResult: 3006,
  latestResults: 3008,
  betTotal: 3012,
  bet: 3015,
  betResult: 3016,
} as const;
export type LuckyHitCmdValue = (typeof LuckyHitCmd)[keyof typeof LuckyHitCmd];

/** Server messages of Lucky Hit; the app shows them in the Notice dialog. */
export const LuckyHitMessage = {
  betCompleted: 'Your contract is successful completed',
  bettingClosed: 'Betting is closed for this round, please wait for the next one',
  periodNotOpen: 'period is not the round taking bets',
  stakeTooSmall: (minimum: number) => `The minimum bet is ${minimum}`,
  stakeTooLarge: (maximum: number) => `The maximum bet is ${maximum}`,
  earlyAccessOnly: 'Lucky Hit is open to early-access players only',
  roundNotDealt: 'This round has not been dealt yet',
  roundNotFound: 'Round not found',
  unavailable: 'Lucky Hit is not available right now, please try again later',
} as const;

/** A round's period number in a body or query: YYYYMMDD + 0001…2880. */
export const luckyHitPeriodField = z
  .union([z.string(), z.number()], { error: 'period is required' })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!LUCKY_HIT_PERIOD_PATTERN.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'period must be a round number such as 202611250001' });
      return z.NEVER;
    }
    return text;
  });

const cardSchema = z.object({ t: z.number().int().min(1).max(4), n: z.number().int().min(1).max(13) });
const handSchema = z.array(cardSchema).length(3);
const sideSchema = z.enum(['B', 'R']);
const decimalText = z.string().regex(/^-?\d+\.\d{2}$/);

/** 3015, the app's bet: period, betResult B | R | L, oddNo (its 20-character client seed), betPrice. */
export const luckyHitBetCommand = z
  .object({
    period: luckyHitPeriodField,
    betResult: z.enum(LUCKY_HIT_BET_TYPES, { error: 'betResult must be one of B, R, L' }),
    oddNo: z
      .string({ error: 'oddNo is required' })
      .regex(LUCKY_HIT_CLIENT_SEED_PATTERN, 'oddNo must be 20 letters or digits'),
    betPrice: moneyAmountField('betPrice'),
  })
  .transform((body) => ({
    period: body.period,
    betType: body.betResult as LuckyHitBetType,
    clientSeed: body.oddNo,
    stakeMinor: body.betPrice,
  }));
export type LuckyHitBetCommand = z.output<typeof luckyHitBetCommand>;

/** 3016, the answer to one bet: status 200 when taken, else the HTTP-like code of the refusal. */
export const luckyHitBetResultData = z.object({
  status: z.number().int(),
  betPrice: decimalText,
  period: z.string(),
  msg: z.string(),
});
export type LuckyHitBetResultData = z.infer<typeof luckyHitBetResultData>;

/** 3002, group info: the round under way, sent on connect and at each round's start. */
export const luckyHitGroupInfoData = z.object({
  periodInfo: z.object({
    period: z.string(),
    /** The round's start (epoch ms) and the server's time when sent, so the app's clock can follow the server's. */
    startTime: z.number().int(),
    serverTime: z.number().int(),
  }),
});
export type LuckyHitGroupInfoData = z.infer<typeof luckyHitGroupInfoData>;

/** 3004, the dealt cards: black's cards1, red's cards2, who won and the Lucky Hit multiplier (0 for none). */
export const luckyHitOpenResultData = z.object({
  period: z.string(),
  openResult: z.object({
    cards1: handSchema,
    cards2: handSchema,
    blackWin: z.boolean(),
    luckyHitOdds: z.number().int().min(0),
  }),
});
export type LuckyHitOpenResultData = z.infer<typeof luckyHitOpenResultData>;

/** One settled round in the live history. */
export const luckyHitResultEntry = z.object({
  period: z.string(),
  result: sideSchema,
  luckyHitOdds: z.number().int().min(0),
});
export type LuckyHitResultEntry = z.infer<typeof luckyHitResultEntry>;

/** 3006, a round's result once settled (the spec's app ignores it). */
export const luckyHitPeriodResultData = luckyHitResultEntry;

/** 3008, the latest 48 results, newest first: the first 8 are the head, the next 36 the history. */
export const luckyHitLatestResultsData = z.object({ results: z.array(luckyHitResultEntry).max(48) });
export type LuckyHitLatestResultsData = z.infer<typeof luckyHitLatestResultsData>;

/** 3012, the round's bet totals: a black, b red, t Lucky Hit (sent at most once a second). */
export const luckyHitBetTotalData = z.object({
  period: z.string(),
  betTotal: z.object({ a: decimalText, b: decimalText, t: decimalText }),
});
export type LuckyHitBetTotalData = z.infer<typeof luckyHitBetTotalData>;

/** The data schema of every command the server sends. */
export const luckyHitServerData = {
  [LuckyHitCmd.groupInfo]: luckyHitGroupInfoData,
  [LuckyHitCmd.openResult]: luckyHitOpenResultData,
  [LuckyHitCmd.periodResult]: luckyHitPeriodResultData,
  [LuckyHitCmd.latestResults]: luckyHitLatestResultsData,
  [LuckyHitCmd.betTotal]: luckyHitBetTotalData,
  [LuckyHitCmd.betResult]: luckyHitBetResultData,
} as const;

/** GET /luckyhit/user_records?p&p_size. */
export const luckyHitUserRecordsQuery = paginationQuery;

/** GET /luckyhit/round_detail?period. */
export const luckyHitRoundDetailQuery = z.object({ period: luckyHitPeriodField });

/** GET /admin/api/luckyhit/rounds?p&p_size. */
export const adminLuckyHitRoundsQuery = paginationQuery;

/** A user's bet (spec 02 §3 "Lucky Hit user record"). */
export interface LuckyHitUserRecordDto {
  id: number;
  period: string;
  status: 'W' | 'S' | 'F';
  /** What the bet changed in the wallet once settled: the payout minus the stake (negative when lost). */
  change_amount: string;
  /** The stake less the fee, on which payouts are multiples. */
  delivery: string;
  fee: string;
  /** The round's winning side once dealt, else null. */
  open_type: LuckyHitSide | null;
  /** The payout (0.00 on W and F). */
  result: string;
  lucky_hit_odds: number | null;
  /** The side chosen. */
  type: LuckyHitBetType;
  /** The stake. */
  bet_price: string;
  create_time: number;
}
export type LuckyHitUserRecordsResponse = Page<LuckyHitUserRecordDto>;

/** GET /luckyhit/round_detail: everything a player needs to re-deal the round. */
export interface LuckyHitRoundDetailResponse {
  code: 200;
  entity: {
    period: string;
    /** The round's seed, link chain_index of the chain; SHA-256 of it is previous_seed. */
    seed: string;
    previous_seed: string | null;
    terminal_hash: string;
    chain_index: number;
    /** The three client seeds mixed in: the first three bettors', then fillers. */
    client_seeds: string[];
    draws: number[];
    cards1: Array<{ t: number; n: number }>;
    cards2: Array<{ t: number; n: number }>;
    black_win: boolean;
    lucky_hit_odds: number;
  };
}

/** One settled round for the operator, with the house's figures. */
export interface AdminLuckyHitRoundDto {
  period: string;
  result: LuckyHitSide;
  lucky_hit_odds: number;
  bet_count: number;
  stake_total: string;
  fee_total: string;
  payout_total: string;
  /** Stake − payout, the fee included; negative when the house lost. */
  house_take: string;
  settle_time: number;
}
export type AdminLuckyHitRoundsResponse = Page<AdminLuckyHitRoundDto>;
