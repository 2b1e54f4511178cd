import { z } from 'zod';
import {
  AVIATOR_CLIENT_SEED_PATTERN,
  AVIATOR_MAX_AUTO_CASH_OUT,
  AVIATOR_MAX_STAKE,
  AVIATOR_MIN_AUTO_CASH_OUT,
  AVIATOR_MIN_STAKE,
} from '../aviator.ts';
import { type Page, paginationQuery } from './common.ts';

/** Contracts of the crash game (spec 02 §3 "Aviator", §7): socket cmds 5002-5018 and the HTTP calls. */

export const AviatorCmd = {
  groupInfo: 5002,
  coefficient: 5004,
  latestResults: 5008,
  players: 5012,
  bet: 5015,
  betResult: 5016,
  cashOut: 5017,
  cashOutResult: 5018,
} as const;

/** Messages of the crash game (spec 02 §8). */
export const AviatorMessage = {
  betAccepted: 'Bet accepted',
  bettingClosed: 'Betting is closed for this round, please wait for the next one',
  wrongPeriod: 'period is not the open round',
  alreadyBet: 'You have already bet in this round',
  cashedOut: 'Cashed out',
  flewAway: 'The plane has flown away',
  noOpenBet: 'You have no open bet in this round',
  notFlying: 'The plane has not taken off yet',
  maintenance: 'Aviator is under maintenance, try again later.',
  nicknameMissing: 'could not get your nickname, please log in again and try again',
  roundNotEnded: 'This round has not ended yet',
  roundNotFound: 'Round not found',
  earlyAccessRequired: 'This game is not open for your account yet',
} as const;

/**
 * 5015 bet: nickName, period, betPrice (whole major units), seed; autoCashOut (beyond the spec) ≥ 1.01. The
 * spec's clients send their nickName; the server ignores it (the players list shows the profile's nickname,
 * so a client cannot pose as another), and a client may leave it out.
 */
export const aviatorBetCommand = z.object({
  nickName: z.string().max(40).optional(),
  period: z.number().int().positive(),
  betPrice: z
    .number({ error: 'betPrice must be a whole number' })
    .int('betPrice must be a whole number')
    .min(AVIATOR_MIN_STAKE, `betPrice must be at least ${AVIATOR_MIN_STAKE}`)
    .max(AVIATOR_MAX_STAKE, `betPrice must be at most ${AVIATOR_MAX_STAKE}`),
  seed: z.string().regex(AVIATOR_CLIENT_SEED_PATTERN, 'seed must be 20 letters and digits'),
  /** The auto cash-out target as a multiplier (1.01 … ), two decimals at most; absent or null: none. */
  autoCashOut: z
    .number()
    .min(AVIATOR_MIN_AUTO_CASH_OUT / 100, 'autoCashOut must be at least 1.01')
    .max(AVIATOR_MAX_AUTO_CASH_OUT / 100)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'autoCashOut has two decimals')
    .nullish(),
});
export type AviatorBetCommand = z.infer<typeof aviatorBetCommand>;

/** 5017 cash out: the tag of the flight (the 5004 tag); only matched against the round, never valued. */
export const aviatorCashOutCommand = z.object({ tag: z.string().max(40) });
export type AviatorCashOutCommand = z.infer<typeof aviatorCashOutCommand>;

/** What a client may send on /ws/aviator. */
export const aviatorClientCommands = {
  [AviatorCmd.bet]: aviatorBetCommand,
  [AviatorCmd.cashOut]: aviatorCashOutCommand,
} as const;

/** 5002 group info: the round, the next server seed's hash and the status; countdownMs while betting. */
export const aviatorGroupInfo = z.object({
  period: z.number().int().nullable(),
  serverSeed: z.string(),
  status: z.number().int(),
  /** Milliseconds of betting left (beyond the spec, so the countdown is smooth); 0 outside betting. */
  countdownMs: z.number().int(),
});
/** 5004 coefficient: the multiplier text ("1.23"), the flight's tag and flyEnd 1 at the crash. */
export const aviatorCoefficient = z.object({
  tag: z.string(),
  coefficient: z.string(),
  flyEnd: z.union([z.literal(0), z.literal(1)]),
  /** Milliseconds since take-off (beyond the spec, so the app draws the curve between ticks). */
  flightMs: z.number().int(),
});
/** 5008 latest results, newest first, as multiplier texts. */
export const aviatorLatestResults = z.object({ results: z.array(z.string()) });
/**
 * 5012 players: the round's bettors, cashOut true once cashed out, at coefficient. The list names at most
 * AVIATOR_PLAYERS_LISTED of them (the latest cash-outs first, then the first bets): it goes to every socket up
 * to four times a second, and a list of every bettor would be most of what the server sends. The counts
 * (beyond the spec) cover all of them, for the panel's "cashed out / bettors".
 */
export const aviatorPlayers = z.object({
  bettorCount: z.number().int().min(0),
  cashedCount: z.number().int().min(0),
  players: z.array(
    z.object({
      nickName: z.string(),
      cashOut: z.boolean(),
      coefficient: z.string(),
      betAmount: z.string(),
    }),
  ),
});
/** 5016 bet result: status 1 accepted, 0 refused (msg says why). */
export const aviatorBetResult = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  msg: z.string(),
  period: z.number().int().nullable(),
  betPrice: z.string(),
});
/** 5018 cash-out result. */
export const aviatorCashOutResult = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  cashSuccess: z.boolean(),
  cashCoefficient: z.string(),
  cashAmount: z.string(),
  msg: z.string(),
});

/** What the server sends on /ws/aviator. */
export const aviatorServerMessages = {
  [AviatorCmd.groupInfo]: aviatorGroupInfo,
  [AviatorCmd.coefficient]: aviatorCoefficient,
  [AviatorCmd.latestResults]: aviatorLatestResults,
  [AviatorCmd.players]: aviatorPlayers,
  [AviatorCmd.betResult]: aviatorBetResult,
  [AviatorCmd.cashOutResult]: aviatorCashOutResult,
} as const;
export type AviatorGroupInfo = z.infer<typeof aviatorGroupInfo>;
export type AviatorCoefficient = z.infer<typeof aviatorCoefficient>;
export type AviatorLatestResults = z.infer<typeof aviatorLatestResults>;
export type AviatorPlayers = z.infer<typeof aviatorPlayers>;
export type AviatorBetResult = z.infer<typeof aviatorBetResult>;
export type AviatorCashOutResult = z.infer<typeof aviatorCashOutResult>;

/** GET /aviator/user_records?p&p_size. */
export const aviatorUserRecordsQuery = paginationQuery;

/** One of the user's bets (spec 02 §3 "Aviator round record"); money as decimal strings. */
export interface AviatorRecordDto {
  /** The round's start in tenths of a second since the epoch (the app multiplies by 100). */
  period: number;
  delivery: string;
  /** The round's result multiplier ("2.35"), or null while it flies. */
  open_result: string | null;
  /** The cash-out multiplier, or the string none. */
  cash_result: string;
  /** What the bet paid: the cash-out amount, the refund, or 0.00. */
  win_amount: string;
  status: 'open' | 'cashed' | 'lost' | 'refunded';
  create_time: number;
}
export type AviatorUserRecordsResponse = Page<AviatorRecordDto>;

/** GET /aviator/round_detail?period. */
export const aviatorRoundDetailQuery = z.object({
  period: z.coerce
    .number({ error: 'period must be a round number' })
    .int('period must be a round number')
    .positive('period must be a round number')
    .max(Number.MAX_SAFE_INTEGER, 'period must be a round number'),
});

/** The verification entity (spec 02 §3). */
export interface AviatorRoundEntityDto {
  period: number;
  result: string;
  server_seed: string;
  player_nickname1: string;
  player_nickname2: string;
  player_nickname3: string;
  player_seed1: string;
  player_seed2: string;
  player_seed3: string;
  sha512hash: string;
  hex: string;
  decimal: string;
}
export interface AviatorRoundDetailResponse {
  code: 200;
  entity: AviatorRoundEntityDto;
}

/** GET /admin/api/aviator/rounds: a finished round with its house figures. */
export interface AdminAviatorRoundDto {
  period: number;
  status: 'settled' | 'refunded';
  result: string | null;
  bet_count: number;
  stake: string;
  fee: string;
  payout: string;
  /** stake − payout, the fee included (negative when the round cost the house). */
  house_take: string;
  settle_time: number | null;
}
export type AdminAviatorRoundsResponse = Page<AdminAviatorRoundDto>;
