import {
  dealLuckyHit,
  LUCKY_HIT_MAX_STAKE,
  LUCKY_HIT_STAKE_STEP,
  type LuckyHitRoundDetailResponse,
  luckyHitOutcome,
  previousLink,
} from '@app/shared';

/** The amount field's minus (spec 02 §5): 50 less when above 50, never below 50 by the step. */
export function stakeMinus(amount: number): number {
  return amount > LUCKY_HIT_STAKE_STEP
    ? Math.max(LUCKY_HIT_STAKE_STEP, amount - LUCKY_HIT_STAKE_STEP)
    : amount;
}

/** The amount field's plus: 50 more, up to the maximum. */
export function stakePlus(amount: number): number {
  return Math.min(LUCKY_HIT_MAX_STAKE, amount + LUCKY_HIT_STAKE_STEP);
}

/** The field's text as a whole amount (digits only; an empty field is 0). */
export function parseStake(text: string): number {
  const digits = text.replace(/\D/g, '').slice(0, 7);
  return digits === '' ? 0 : Number(digits);
}

/**
 * The bounds check before a bet (spec 02 §5): below the minimum the amount is raised to it and nothing is
 * sent; above the maximum it is cut to it and nothing is sent; otherwise the bet goes with the amount.
 */
export function checkStake(amount: number, minimum: number): { amount: number; send: boolean } {
  if (amount < minimum) return { amount: minimum, send: false };
  if (amount > LUCKY_HIT_MAX_STAKE) return { amount: LUCKY_HIT_MAX_STAKE, send: false };
  return { amount, send: true };
}

/** The own-bet cookie (spec 02 §3, §9): the player's stake this round, kept 30 s. */
export const OWN_BET_COOKIE = 'luckyhit_own_bet';
export const OWN_BET_COOKIE_SECONDS = 30;

/** Adds a stake to the own bet of a period and answers the new sum. */
export function rememberOwnBet(
  period: string,
  amount: number,
  cookies: { get(): string; set(value: string): void },
): number {
  const sum = ownBetOf(period, cookies.get()) + amount;
  cookies.set(`${OWN_BET_COOKIE}=${period}:${sum}; max-age=${OWN_BET_COOKIE_SECONDS}; path=/; SameSite=Lax`);
  return sum;
}

/** The player's stake of a period from the cookie text (0 when none, or when it is another period's). */
export function ownBetOf(period: string, cookieText: string): number {
  const entry = cookieText
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${OWN_BET_COOKIE}=`));
  const [stored, amount] = (entry?.slice(OWN_BET_COOKIE.length + 1) ?? '').split(':');
  return stored === period && amount && /^\d+$/.test(amount) ? Number(amount) : 0;
}

/** What the Verify action found, re-dealing a round in the browser from its seeds. */
export interface LuckyHitVerification {
  readonly cardsMatch: boolean;
  readonly outcomeMatches: boolean;
  /** undefined when the previous round's seed is not revealed. */
  readonly previousSeedMatches: boolean | undefined;
  readonly ok: boolean;
}

/** Re-deals a round from its revealed seed and client seeds and compares it with what the server showed. */
export async function verifyLuckyHitRound(
  detail: LuckyHitRoundDetailResponse['entity'],
): Promise<LuckyHitVerification> {
  const deal = await dealLuckyHit(detail.seed, detail.period, detail.client_seeds);
  const same = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);
  const cardsMatch =
    same(deal.clientSeeds, detail.client_seeds) &&
    same(deal.draws, detail.draws) &&
    same(deal.cards1, detail.cards1) &&
    same(deal.cards2, detail.cards2);
  const outcome = luckyHitOutcome(deal.cards1, deal.cards2);
  const outcomeMatches =
    outcome.blackWin === detail.black_win && outcome.luckyHitOdds === detail.lucky_hit_odds;
  const previousSeedMatches = detail.previous_seed
    ? (await previousLink(detail.seed)) === detail.previous_seed
    : undefined;
  return {
    cardsMatch,
    outcomeMatches,
    previousSeedMatches,
    ok: cardsMatch && outcomeMatches && previousSeedMatches !== false,
  };
}
