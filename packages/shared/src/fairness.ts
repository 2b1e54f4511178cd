import { COLOUR_PRICE_MIN, COLOUR_PRICE_SPAN, type ColourCategory } from './colour-game.ts';

/**
 * Provably-fair verification (DESIGN.md §3 "Fairness"), written on the Web Crypto API so the very same
 * code runs in the browser (the Verify action), in Node (the server's tests and the README script) and
 * anywhere else: every function is async because crypto.subtle is.
 *
 * A hash chain: link N is a 32-byte secret, link k−1 = SHA-256(link k), link 0 is the terminal hash
 * published before the first round. Round k of the chain uses link k as its seed, so hashing a revealed
 * seed once gives the previous round's seed, and k times gives the terminal hash.
 */

/** Seeds and hashes travel as 64 lowercase hexadecimal characters (32 bytes). */
export const SEED_HEX_PATTERN = /^[0-9a-f]{64}$/;
/** Draws take 4-byte words of an HMAC as unsigned big-endian integers. */
const WORD_BYTES = 4;
const TWO_POW_32 = 2 ** 32;
/** Guard against an impossible loop: the chance of rejecting this many words in a row is below 2^-400. */
const MAX_DRAW_BLOCKS = 50;

const encoder = new TextEncoder();

/** Derived from the global so the file type-checks with the DOM library (web) and with Node's (server). */
type Subtle = NonNullable<typeof globalThis.crypto>['subtle'];
type HmacKey = Awaited<ReturnType<Subtle['importKey']>>;

function subtle(): Subtle {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error('Web Crypto (crypto.subtle) is not available in this environment');
  return api;
}

/** Bytes of a 64-character hex seed; throws on anything else. */
export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!SEED_HEX_PATTERN.test(hex)) throw new Error('a seed must be 64 lowercase hexadecimal characters');
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

/** Lowercase hex of bytes. */
export function bytesToHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let hex = '';
  for (const byte of view) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** SHA-256 of a seed's 32 bytes: the previous link of the chain. */
export async function previousLink(seedHex: string): Promise<string> {
  return bytesToHex(await subtle().digest('SHA-256', hexToBytes(seedHex)));
}

/** Hashes a seed `times` times (0 answers the seed itself). */
export async function hashLinks(seedHex: string, times: number): Promise<string> {
  let link = seedHex;
  for (let step = 0; step < times; step += 1) link = await previousLink(link);
  return link;
}

/** The HMAC message of a colour round: "colour:<room>:<period>". */
export function colourDrawMessage(room: ColourCategory, period: string): string {
  return `colour:${room}:${period}`;
}

async function hmacSha256(key: HmacKey, message: string): Promise<Uint8Array> {
  return new Uint8Array(await subtle().sign('HMAC', key, encoder.encode(message)));
}

/**
 * A uniform integer in [0, n) from HMAC-SHA256(key = seed, msg): 4-byte words are read as unsigned
 * big-endian integers and any word at or above the largest multiple of n below 2^32 is rejected (no
 * modulo bias); when a block's words run out the next block is HMAC(seed, msg + ":" + i), i = 1, 2, …
 */
export async function uniformFromSeed(seedHex: string, message: string, n: number): Promise<number> {
  if (!Number.isSafeInteger(n) || n < 1 || n > TWO_POW_32) throw new Error(`cannot draw from ${n} values`);
  const key = await subtle().importKey('raw', hexToBytes(seedHex), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const limit = Math.floor(TWO_POW_32 / n) * n;
  for (let block = 0; block < MAX_DRAW_BLOCKS; block += 1) {
    const bytes = await hmacSha256(key, block === 0 ? message : `${message}:${block}`);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let offset = 0; offset + WORD_BYTES <= bytes.length; offset += WORD_BYTES) {
      const word = view.getUint32(offset, false);
      if (word < limit) return word % n;
    }
  }
  throw new Error('uniform draw rejected every word: the seed cannot be right');
}

/** A colour round's result: the open price and its last digit. */
export interface ColourResult {
  readonly price: number;
  readonly number: number;
}

/** The result of a colour round from its seed: price = 10000 + uniform(90000), number = price mod 10. */
export async function colourResultFromSeed(
  seedHex: string,
  room: ColourCategory,
  period: string,
): Promise<ColourResult> {
  const price =
    COLOUR_PRICE_MIN + (await uniformFromSeed(seedHex, colourDrawMessage(room, period), COLOUR_PRICE_SPAN));
  return { price, number: price % 10 };
}

/** What a player checks of one settled colour round. */
export interface ColourVerificationInput {
  readonly room: ColourCategory;
  readonly period: string;
  readonly seed: string;
  readonly price: number;
  readonly number: number;
  /** The previous round's revealed seed, if known: it must be SHA-256 of this seed. */
  readonly previousSeed?: string | null;
  /** With chainIndex: the published terminal hash, reached by hashing the seed chainIndex times. */
  readonly terminalHash?: string | null;
  readonly chainIndex?: number | null;
}

export interface ColourVerification {
  /** The recomputed result equals the published one. */
  readonly resultMatches: boolean;
  readonly recomputed: ColourResult;
  /** undefined when no previous seed was given. */
  readonly previousSeedMatches: boolean | undefined;
  /** undefined when no terminal hash and chain index were given. */
  readonly terminalHashMatches: boolean | undefined;
  /** Every check that could be made passed. */
  readonly ok: boolean;
}

/**
 * Verifies a settled colour round: recomputes its result from its seed and, when given, checks the seed
 * against the previous round's seed (one hash) and against the terminal hash (chainIndex hashes; up to a
 * million, so the app only asks for it on demand).
 */
export async function verifyColourRound(input: ColourVerificationInput): Promise<ColourVerification> {
  const seed = input.seed.toLowerCase();
  const recomputed = await colourResultFromSeed(seed, input.room, input.period);
  const resultMatches = recomputed.price === input.price && recomputed.number === input.number;
  const previousSeedMatches = input.previousSeed
    ? (await previousLink(seed)) === input.previousSeed.toLowerCase()
    : undefined;
  const terminalHashMatches =
    input.terminalHash && input.chainIndex
      ? (await hashLinks(seed, input.chainIndex)) === input.terminalHash.toLowerCase()
      : undefined;
  return {
    resultMatches,
    recomputed,
    previousSeedMatches,
    terminalHashMatches,
    ok: resultMatches && previousSeedMatches !== false && terminalHashMatches !== false,
  };
}
