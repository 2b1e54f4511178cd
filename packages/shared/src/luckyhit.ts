import { bytesToHex, hexToBytes, SEED_HEX_PATTERN, uniformFromSeed } from './fairness.ts';
import { zonedDateTime } from './shop-calendar.ts';

/**
 * Lucky Hit's pure rules (spec 02 §4, §5, §9; DESIGN.md §3 "Lucky Hit" and "Fairness"): the round clock,
 * the cards, the verifiable deal, the hand ranking and the payout table. The server deals and settles with
 * them; the app shows the clock and the rules and re-deals a round in the browser (Verify) with the very
 * same functions.
 */

/** One round lasts 30 s, aligned to the Unix epoch. */
export const LUCKY_HIT_ROUND_SECONDS = 30;
export const LUCKY_HIT_ROUND_MS = LUCKY_HIT_ROUND_SECONDS * 1000;
/** Rounds in a day: the period number's last four digits run 0001…2880. */
export const LUCKY_HIT_ROUNDS_PER_DAY = 2880;
/** Bets are taken from second 4 of the round through second 19 (the last accepted instant is 19.999 s). */
export const LUCKY_HIT_BET_OPEN_SECOND = 4;
export const LUCKY_HIT_BET_CLOSE_SECOND = 19;
/** The cards are dealt once betting has closed: at second 20, well before the round ends at 30. */
export const LUCKY_HIT_DEAL_SECOND = 20;
/** The handling fee in percent of the stake; payouts are multiples of the other 98 %. */
export const LUCKY_HIT_FEE_PERCENT = 2;
/** Stake bounds in major units (spec 02 §5; the minimum is per market: 10, or 1 for pt). */
export const LUCKY_HIT_MAX_STAKE = 10_000;
/** Several bets per round are allowed, a flood is not: the server refuses a player's bets past this many (429). */
export const LUCKY_HIT_MAX_BETS_PER_ROUND = 20;
/** The amount field's step. */
export const LUCKY_HIT_STAKE_STEP = 50;
/** How many results the live history holds: 8 in the head and 36 more in the body. */
export const LUCKY_HIT_HISTORY_HEAD = 8;
export const LUCKY_HIT_HISTORY_BODY = 36;
export const LUCKY_HIT_HISTORY_LENGTH = 48;
/** The length and alphabet of a client seed (`oddNo`). */
export const LUCKY_HIT_CLIENT_SEED_LENGTH = 20;
export const LUCKY_HIT_CLIENT_SEED_PATTERN = /^[A-Za-z0-9]{20}$/;
/** Client seeds mixed into a round's deal: those of its first three bettors, fillers for the missing. */
export const LUCKY_HIT_CLIENT_SEEDS_PER_ROUND = 3;
/** A period number: the market date of the round's start and its index 0001…2880 in that day. */
export const LUCKY_HIT_PERIOD_PATTERN = /^\d{8}\d{4}$/;

/** B: black's hand wins; R: red's; L: the Lucky Hit bet (pays on the winning hand's class). */
export const LUCKY_HIT_BET_TYPES = ['B', 'R', 'L'] as const;
export type LuckyHitBetType = (typeof LUCKY_HIT_BET_TYPES)[number];
export type LuckyHitSide = 'B' | 'R';

/** The start (UTC epoch ms) of the round containing the instant. */
export function luckyHitRoundStartMs(epochMs: number): number {
  return Math.floor(epochMs / LUCKY_HIT_ROUND_MS) * LUCKY_HIT_ROUND_MS;
}

/** The whole second of the round at the instant: 0…29. */
export function luckyHitSecondOfRound(epochMs: number): number {
  return Math.floor((epochMs - luckyHitRoundStartMs(epochMs)) / 1000);
}

/** Whether bets are taken at the instant: from second 4 through second 19 of the round. */
export function isLuckyHitBettingOpen(epochMs: number): boolean {
  const second = luckyHitSecondOfRound(epochMs);
  return second >= LUCKY_HIT_BET_OPEN_SECOND && second <= LUCKY_HIT_BET_CLOSE_SECOND;
}

/**
 * The betting progress shown over the window, 100 at second 4 falling to 0 at second 19 (spec 02 §4);
 * 0 outside the window.
 */
export function luckyHitBetProgress(epochMs: number): number {
  const intoRound = epochMs - luckyHitRoundStartMs(epochMs);
  const open = LUCKY_HIT_BET_OPEN_SECOND * 1000;
  const close = LUCKY_HIT_BET_CLOSE_SECOND * 1000;
  if (intoRound < open || intoRound > close) return 0;
  return Math.round(((close - intoRound) / (close - open)) * 100);
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/**
 * The period number of the round containing the instant: the market date of its start and its index
 * 0001…2880 in that day. Every market's UTC offset is a multiple of 30 s, so a day holds exactly 2880
 * aligned rounds.
 */
export function luckyHitPeriodAt(epochMs: number, timeZone: string): string {
  const wall = zonedDateTime(luckyHitRoundStartMs(epochMs), timeZone);
  const secondOfDay = wall.hour * 3600 + wall.minute * 60 + wall.second;
  const index = Math.floor(secondOfDay / LUCKY_HIT_ROUND_SECONDS) + 1;
  return `${pad(wall.year, 4)}${pad(wall.month, 2)}${pad(wall.day, 2)}${pad(index, 4)}`;
}

/** The start of a numbered round, or undefined when the text is not a period number of that zone. */
export function luckyHitPeriodStart(period: string, timeZone: string): number | undefined {
  if (!LUCKY_HIT_PERIOD_PATTERN.test(period)) return undefined;
  const index = Number(period.slice(8));
  if (index < 1 || index > LUCKY_HIT_ROUNDS_PER_DAY) return undefined;
  const wallAsUtc =
    Date.UTC(Number(period.slice(0, 4)), Number(period.slice(4, 6)) - 1, Number(period.slice(6, 8))) +
    (index - 1) * LUCKY_HIT_ROUND_MS;
  if (!Number.isFinite(wallAsUtc)) return undefined;
  // The wall time read as UTC is off by the zone's offset; two rounds settle it even next to a DST change.
  let guess = wallAsUtc;
  for (let round = 0; round < 2; round += 1) {
    const wall = zonedDateTime(guess, timeZone);
    guess += wallAsUtc - Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  }
  const start = luckyHitRoundStartMs(guess);
  return luckyHitPeriodAt(start, timeZone) === period ? start : undefined;
}

/** A card: `t` the suit 1-4 (1 diamonds, 2 clubs, 3 hearts, 4 spades), `n` 1-13 (1 is the ace). */
export interface Card {
  readonly t: number;
  readonly n: number;
}

export const CARD_SUITS = ['♦', '♣', '♥', '♠'] as const;
const CARD_NAMES = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

/** The card at a position of the unshuffled deck: 0-12 diamonds A-K, 13-25 clubs, 26-38 hearts, 39-51 spades. */
export function deckCard(index: number): Card {
  if (!Number.isInteger(index) || index < 0 || index > 51) throw new Error(`no deck position ${index}`);
  return { t: Math.floor(index / 13) + 1, n: (index % 13) + 1 };
}

/** A card as text, such as "A♠" or "10♦". */
export function cardLabel(card: Card): string {
  return `${CARD_NAMES[card.n - 1]}${CARD_SUITS[card.t - 1]}`;
}

/** The HMAC message of draw i of a round, the client seeds included (DESIGN.md "Fairness"). */
export function luckyHitDrawMessage(period: string, clientSeeds: readonly string[], draw: number): string {
  return `luckyhit:main:${period}:${clientSeeds.join(':')}:${draw}`;
}

/**
 * The filler that stands for the k-th client seed (k = 1…3) of a round with fewer than k bettors: the first
 * 20 hex characters of HMAC-SHA256(key = round seed, "luckyhit:filler:<period>:<k>"). Fixed by the seed,
 * so it is never re-drawn, and as unknowable as the seed until the round is revealed.
 */
export async function luckyHitFillerSeed(seedHex: string, period: string, k: number): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto (crypto.subtle) is not available in this environment');
  const key = await subtle.importKey('raw', hexToBytes(seedHex), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await subtle.sign('HMAC', key, new TextEncoder().encode(`luckyhit:filler:${period}:${k}`));
  return bytesToHex(mac).slice(0, LUCKY_HIT_CLIENT_SEED_LENGTH);
}

/** The three client seeds of a round: the first three bettors' seeds, then fillers for the missing ones. */
export async function luckyHitClientSeeds(
  seedHex: string,
  period: string,
  bettorSeeds: readonly string[],
): Promise<string[]> {
  const seeds = bettorSeeds.slice(0, LUCKY_HIT_CLIENT_SEEDS_PER_ROUND);
  for (const seed of seeds) {
    if (!LUCKY_HIT_CLIENT_SEED_PATTERN.test(seed)) throw new Error(`bad client seed ${JSON.stringify(seed)}`);
  }
  for (let k = seeds.length + 1; k <= LUCKY_HIT_CLIENT_SEEDS_PER_ROUND; k += 1) {
    seeds.push(await luckyHitFillerSeed(seedHex, period, k));
  }
  return seeds;
}

/** A dealt round: the three client seeds used, the six draws, and each side's cards. */
export interface LuckyHitDeal {
  readonly clientSeeds: readonly string[];
  /** Draw i is uniform in [0, 52 − i): the Fisher-Yates swap partner of position i, as an offset from i. */
  readonly draws: readonly number[];
  /** Black's hand: shuffled positions 0, 2, 4. */
  readonly cards1: readonly Card[];
  /** Red's hand: shuffled positions 1, 3, 5. */
  readonly cards2: readonly Card[];
}

/**
 * Deals a round (DESIGN.md §3 "Lucky Hit"): the client seeds are completed with fillers; the unshuffled
 * deck (see deckCard) is shuffled by Fisher-Yates from the front for its first six positions, position i
 * swapping with i + draw i, where draw i = uniform(seed, luckyHitDrawMessage(period, seeds, i), 52 − i);
 * black gets positions 0, 2, 4 and red 1, 3, 5.
 */
export async function dealLuckyHit(
  seedHex: string,
  period: string,
  bettorSeeds: readonly string[],
): Promise<LuckyHitDeal> {
  if (!SEED_HEX_PATTERN.test(seedHex)) throw new Error('a round seed must be 64 lowercase hex characters');
  const clientSeeds = await luckyHitClientSeeds(seedHex, period, bettorSeeds);
  const deck = Array.from({ length: 52 }, (_, index) => index);
  const draws: number[] = [];
  for (let position = 0; position < 6; position += 1) {
    const draw = await uniformFromSeed(
      seedHex,
      luckyHitDrawMessage(period, clientSeeds, position),
      52 - position,
    );
    draws.push(draw);
    const other = position + draw;
    [deck[position], deck[other]] = [deck[other] as number, deck[position] as number];
  }
  const card = (position: number) => deckCard(deck[position] as number);
  return { clientSeeds, draws, cards1: [card(0), card(2), card(4)], cards2: [card(1), card(3), card(5)] };
}

/** Hand classes, higher beats lower: trips > straight flush > flush > straight > pair > high card. */
export const HAND_CLASSES = ['high_card', 'pair', 'straight', 'flush', 'straight_flush', 'trips'] as const;
export type HandClass = (typeof HAND_CLASSES)[number];

/** What a hand is and where it stands. */
export interface HandRank {
  readonly handClass: HandClass;
  /**
   * Card values in comparison order, ace 14 (1 in A-2-3): a pair's two cards first, then the kicker;
   * otherwise high to low (A-2-3 is 3, 2, 1, the lowest straight).
   */
  readonly values: readonly number[];
  /** The suit of the hand's highest card (the first in comparison order; of a pair, its higher suit). */
  readonly topSuit: number;
  /** One number that orders hands as the rules do: a higher strength wins. */
  readonly strength: number;
}

function assertHand(cards: readonly Card[]): void {
  if (cards.length !== 3) throw new Error(`a hand has three cards, not ${cards.length}`);
  for (const card of cards) {
    if (
      !Number.isInteger(card.t) ||
      card.t < 1 ||
      card.t > 4 ||
      !Number.isInteger(card.n) ||
      card.n < 1 ||
      card.n > 13
    )
      throw new Error(`not a card: ${JSON.stringify(card)}`);
  }
}

/**
 * Ranks a three-card hand. Equal classes compare their values in order (a pair's rank before its kicker,
 * as "high to low" means for a pair), then the suit of the highest card (spades > hearts > clubs >
 * diamonds); two hands dealt from one deck never tie, so every round has a winner.
 */
export function rankHand(cards: readonly Card[]): HandRank {
  assertHand(cards);
  const high = (card: Card) => (card.n === 1 ? 14 : card.n);
  const sorted = [...cards].sort((left, right) => high(right) - high(left) || right.t - left.t);
  const values = sorted.map(high);
  const [first, second, third] = values as [number, number, number];
  const flush = cards.every((card) => card.t === cards[0]?.t);
  const wheel = first === 14 && second === 3 && third === 2;
  const straight = (first === second + 1 && second === third + 1) || wheel;
  let handClass: HandClass;
  let ordered = sorted;
  if (first === third) handClass = 'trips';
  else if (straight && flush) handClass = 'straight_flush';
  else if (flush) handClass = 'flush';
  else if (straight) handClass = 'straight';
  else if (first === second || second === third) {
    handClass = 'pair';
    // The pair first (its higher suit leading), then the kicker.
    if (second === third) ordered = [sorted[1] as Card, sorted[2] as Card, sorted[0] as Card];
  } else handClass = 'high_card';
  if (wheel && handClass !== 'trips') ordered = [sorted[1] as Card, sorted[2] as Card, sorted[0] as Card];
  const orderedValues = ordered.map((card) => (wheel && card.n === 1 ? 1 : high(card)));
  const topSuit = (ordered[0] as Card).t;
  let strength = HAND_CLASSES.indexOf(handClass);
  for (const value of orderedValues) strength = strength * 16 + value;
  strength = strength * 8 + topSuit;
  return { handClass, values: orderedValues, topSuit, strength };
}

/** Positive when hand a beats hand b, negative when b wins, 0 only for hands sharing their top card. */
export function compareHands(a: readonly Card[], b: readonly Card[]): number {
  return rankHand(a).strength - rankHand(b).strength;
}

/** The Lucky Hit multiplier of a winning hand (of 98 % of the stake): 0 when the hand pays nothing. */
export function luckyHitMultiplier(rank: HandRank): number {
  switch (rank.handClass) {
    case 'trips':
      return 11;
    case 'straight_flush':
      return 6;
    case 'flush':
      return 4;
    case 'straight':
      return 3;
    case 'pair':
      return (rank.values[0] as number) >= 9 ? 2 : 0;
    case 'high_card':
      return 0;
  }
}

/** The outcome of a dealt round. */
export interface LuckyHitOutcome {
  readonly winner: LuckyHitSide;
  readonly blackWin: boolean;
  /** The winning hand's Lucky Hit multiplier, 0 when none. */
  readonly luckyHitOdds: number;
  readonly winningClass: HandClass;
}

/** Who wins a deal and what the Lucky Hit bet pays. */
export function luckyHitOutcome(cards1: readonly Card[], cards2: readonly Card[]): LuckyHitOutcome {
  const black = rankHand(cards1);
  const red = rankHand(cards2);
  if (black.strength === red.strength) throw new Error('two hands of one deck cannot tie');
  const winning = black.strength > red.strength ? black : red;
  return {
    winner: winning === black ? 'B' : 'R',
    blackWin: winning === black,
    luckyHitOdds: luckyHitMultiplier(winning),
    winningClass: winning.handClass,
  };
}

/** The multiplier (of the contract, 98 % of the stake) a bet type wins with in an outcome; 0 when it loses. */
export function luckyHitBetMultiplier(
  betType: LuckyHitBetType,
  outcome: Pick<LuckyHitOutcome, 'winner' | 'luckyHitOdds'>,
): number {
  if (betType === 'L') return outcome.luckyHitOdds;
  return betType === outcome.winner ? 2 : 0;
}

/** The fee of a stake: 2 %, rounded down to the minor unit. */
export function luckyHitFeeMinor(stakeMinor: number): number {
  return Math.floor((stakeMinor * LUCKY_HIT_FEE_PERCENT) / 100);
}

/** What a bet wins: (stake − fee) × multiplier, a whole number of minor units since every multiplier is whole. */
export function luckyHitPayoutMinor(
  stakeMinor: number,
  betType: LuckyHitBetType,
  outcome: Pick<LuckyHitOutcome, 'winner' | 'luckyHitOdds'>,
): number {
  return (stakeMinor - luckyHitFeeMinor(stakeMinor)) * luckyHitBetMultiplier(betType, outcome);
}

/**
 * The exact house edge of each bet, in basis points of the stake (1 bp = 0.01 %), from the enumeration of
 * every ordered pair of disjoint hands (22,100 × 18,424 = 407,170,400 deals, each equally likely): the
 * shared test recomputes them (luckyhit.test.ts), and the rules dialog shows them. Black and red each win
 * exactly half of all deals, so their edge is the fee alone.
 */
export const LUCKY_HIT_DEALS = 407_170_400;
/** Deals whose winning hand pays Lucky Hit 2×, 3×, 4×, 6× and 11× (from the enumeration). */
export const LUCKY_HIT_WINNING_DEALS_BY_MULTIPLIER: Readonly<Record<number, number>> = {
  2: 55_831_104,
  3: 24_657_792,
  4: 39_174_400,
  6: 1_762_496,
  11: 1_913_600,
};
/** House edge (percent of the stake) of a bet on black or red, and of a Lucky Hit bet, rounded to 0.01. */
export function luckyHitHouseEdgePercent(betType: LuckyHitBetType): number {
  if (betType !== 'L') return 2;
  let paidMultiples = 0;
  for (const [multiplier, deals] of Object.entries(LUCKY_HIT_WINNING_DEALS_BY_MULTIPLIER)) {
    paidMultiples += Number(multiplier) * deals;
  }
  const returned = (paidMultiples * (100 - LUCKY_HIT_FEE_PERCENT)) / 100 / LUCKY_HIT_DEALS;
  return Math.round((1 - returned) * 10_000) / 100;
}

/** A fresh random client seed of 20 alphanumeric characters (the app's oddNo). */
export function randomLuckyHitClientSeed(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  // Bytes at or above 248 = 4 × 62 are skipped, so every character is equally likely.
  const usableBelow = 248;
  let seed = '';
  while (seed.length < LUCKY_HIT_CLIENT_SEED_LENGTH) {
    const bytes = new Uint8Array(LUCKY_HIT_CLIENT_SEED_LENGTH * 2);
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < usableBelow && seed.length < LUCKY_HIT_CLIENT_SEED_LENGTH) seed += alphabet[byte % 62];
    }
  }
  return seed;
}
