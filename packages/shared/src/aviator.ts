import { previousLink } from './fairness.ts';

/**
 * The crash game's rules both sides need (DESIGN.md §3 "Crash game", spec 02 §4 "Aviator round", §9):
 * phases, the multiplier curve and the provably-fair result. Multipliers travel as whole hundredths
 * (1.00× is 100) so that no float decides money. The result functions use Web Crypto, so the app's Verify
 * dialog recomputes a round with exactly this code.
 */

/** Return to player: the result formula's numerator, in percent. */
export const AVIATOR_RTP_PERCENT = 97;
/** The service fee of a bet, in percent of the stake (the fee of the other games). */
export const AVIATOR_FEE_PERCENT = 2;
/** The betting window. */
export const AVIATOR_BETTING_MS = 10_000;
/** Between the close of betting and take-off (status 22). */
export const AVIATOR_CLOSING_MS = 1_000;
/** How long the ended round (status 600) shows before the next round opens. */
export const AVIATOR_ENDED_MS = 3_000;
/** Multiplier growth per millisecond of flight: m(t) = floor(100 · e^(0.00006 · t)) / 100. */
export const AVIATOR_GROWTH_PER_MS = 0.00006;
/** The lowest auto cash-out target, in hundredths. */
export const AVIATOR_MIN_AUTO_CASH_OUT = 101;
/** The highest accepted auto cash-out target, in hundredths (1,000,000×). */
export const AVIATOR_MAX_AUTO_CASH_OUT = 100_000_000;
/** Client seeds: 20 letters and digits (spec 02 §9). */
export const AVIATOR_CLIENT_SEED_PATTERN = /^[A-Za-z0-9]{20}$/;
export const AVIATOR_CLIENT_SEED_LENGTH = 20;
/** How many bettors' seeds go into a round's result. */
export const AVIATOR_SEED_SLOTS = 3;
/** Results sent in 5008 (the app shows 4 in the header and 30 in the body). */
export const AVIATOR_LATEST_RESULTS = 60;
/** Most bettors a 5012 players message names (its counts cover them all). */
export const AVIATOR_PLAYERS_LISTED = 20;
/** The stake bounds in major units: at least the minus step's floor, at most the Lucky Hit maximum. */
export const AVIATOR_MIN_STAKE = 1;
export const AVIATOR_MAX_STAKE = 10_000;
/** The app's minus and plus step and the minus floor (spec 02 §5). */
export const AVIATOR_STAKE_STEP = 50;

/** The numeric status of spec 02 §4: below 10 or 600 ended, 10-21 betting, 22-29 closing, 30-599 flight. */
export const AviatorStatus = {
  bettingFirst: 11,
  bettingLast: 21,
  closing: 22,
  takeOff: 30,
  flightLast: 599,
  ended: 600,
} as const;

export type AviatorPhase = 'betting' | 'closing' | 'flight' | 'ended';

/** The phase of a status number. */
export function aviatorPhaseOf(status: number): AviatorPhase {
  if (status >= 10 && status <= 21) return 'betting';
  if (status >= 22 && status <= 29) return 'closing';
  if (status >= 30 && status <= 599) return 'flight';
  return 'ended';
}

/** The status during betting: 11 at the open, one more each second (the app's countdown is 21 − status). */
export function bettingStatusAt(elapsedMs: number): number {
  return Math.min(AviatorStatus.bettingFirst + Math.floor(elapsedMs / 1000), AviatorStatus.bettingLast - 1);
}

/** The status during the flight: 30 at take-off, one more each second, at most 599. */
export function flightStatusAt(flightMs: number): number {
  return Math.min(AviatorStatus.takeOff + Math.floor(flightMs / 1000), AviatorStatus.flightLast);
}

/** The multiplier in hundredths after `flightMs` milliseconds of flight (100 at take-off). */
export function aviatorMultiplierAt(flightMs: number): number {
  if (flightMs <= 0) return 100;
  return Math.floor(100 * Math.exp(AVIATOR_GROWTH_PER_MS * flightMs));
}

/** The first whole millisecond of flight at which the multiplier reaches `hundredths`. */
export function aviatorTimeToReach(hundredths: number): number {
  if (hundredths <= 100) return 0;
  let ms = Math.max(0, Math.floor(Math.log(hundredths / 100) / AVIATOR_GROWTH_PER_MS) - 2);
  while (aviatorMultiplierAt(ms) < hundredths) ms += 1;
  return ms;
}

/** A multiplier in hundredths as the app shows it: "1.00", "12.34". */
export function formatMultiplier(hundredths: number): string {
  return (hundredths / 100).toFixed(2);
}

/** The fee of a stake: 2 %, rounded down to the minor unit. */
export function aviatorFeeMinor(stakeMinor: number): number {
  return Math.floor((stakeMinor * AVIATOR_FEE_PERCENT) / 100);
}

/** What a cash-out pays: (stake − fee) × multiplier, rounded down to the minor unit. */
export function aviatorWinMinor(stakeMinor: number, multiplierHundredths: number): number {
  const contract = stakeMinor - aviatorFeeMinor(stakeMinor);
  return Math.floor((contract * multiplierHundredths) / 100);
}

/** The multiplier colour band of spec 02 §9: blue below 2, purple below 10, pink from 10. */
export function multiplierBand(hundredths: number): 'blue' | 'purple' | 'pink' {
  if (hundredths < 200) return 'blue';
  if (hundredths < 1000) return 'purple';
  return 'pink';
}

type Subtle = NonNullable<typeof globalThis.crypto>['subtle'];
function subtle(): Subtle {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error('Web Crypto (crypto.subtle) is not available in this environment');
  return api;
}

const encoder = new TextEncoder();

async function digestHex(algorithm: 'SHA-256' | 'SHA-512', text: string): Promise<string> {
  const bytes = new Uint8Array(await subtle().digest(algorithm, encoder.encode(text)));
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** The verification entity of a round (spec 02 §3), the result in hundredths besides its text. */
export interface AviatorFairResult {
  readonly sha512hash: string;
  readonly hex: string;
  readonly decimal: string;
  readonly resultHundredths: number;
}

/** 2^52: the 13 hex characters of the hash are 52 bits. */
const TWO_POW_52 = 2n ** 52n;

/**
 * The round's result: SHA-512 of server_seed + seed1 + seed2 + seed3 (as text), its first 13 hex characters
 * as an integer d, r = d / 2^52, result = max(1.00, floor(97 / (1 − r)) / 100). Computed with integers:
 * floor(97 · 2^52 / (2^52 − d)), so no rounding of a float can change a round.
 */
export async function aviatorResult(
  serverSeed: string,
  playerSeeds: readonly string[],
): Promise<AviatorFairResult> {
  if (playerSeeds.length !== AVIATOR_SEED_SLOTS) throw new Error('a round has exactly three player seeds');
  const sha512hash = await digestHex('SHA-512', serverSeed + playerSeeds.join(''));
  const hex = sha512hash.slice(0, 13);
  const decimal = BigInt(`0x${hex}`);
  const raw = Number((BigInt(AVIATOR_RTP_PERCENT) * TWO_POW_52) / (TWO_POW_52 - decimal));
  return { sha512hash, hex, decimal: decimal.toString(), resultHundredths: Math.max(100, raw) };
}

/**
 * The seed that stands in for a missing bettor in slot 1-3: the first 20 hex characters of
 * SHA-256("<server seed>:filler:<slot>"). It depends on the server seed only, so it is fixed before any bet.
 */
export async function aviatorFillerSeed(serverSeed: string, slot: number): Promise<string> {
  return (await digestHex('SHA-256', `${serverSeed}:filler:${slot}`)).slice(0, AVIATOR_CLIENT_SEED_LENGTH);
}

/**
 * The SHA-256 of a server seed's 32 bytes: what the app shows as the next server seed before the round. The
 * seeds are links of a hash chain, so this is also the link before it (DESIGN.md §3 "Fairness").
 */
export function aviatorServerSeedHash(serverSeed: string): Promise<string> {
  return previousLink(serverSeed);
}

/** A fresh 20-character client seed (the app's change button and random seed type). */
export function randomClientSeed(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(AVIATOR_CLIENT_SEED_LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  let seed = '';
  // 248 = 4 × 62: bytes at or above it are redrawn so every character is equally likely.
  for (let index = 0; index < bytes.length; index += 1) {
    let byte = bytes[index] ?? 0;
    while (byte >= 248) byte = globalThis.crypto.getRandomValues(new Uint8Array(1))[0] ?? 0;
    seed += alphabet[byte % 62];
  }
  return seed;
}
