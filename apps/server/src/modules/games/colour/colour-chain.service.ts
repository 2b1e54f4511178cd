import { createHash, randomBytes } from 'node:crypto';
import { COLOUR_PERIOD_MS, type ColourCategory } from '@app/shared';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../../db/dialect.ts';
import type { Database } from '../../../db/schema.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { findChainFor, findCheckpointAtOrAbove, findLatestChain, insertChain } from './colour.repository.ts';
import type { ColourChainRow } from './colour.tables.ts';

/** Links per chain (DESIGN.md §3 "Fairness"): at 480 periods a day, one chain lasts over five years. */
export const COLOUR_CHAIN_LENGTH = 1_000_000;
/** Every this many links one is stored, so a period's seed takes at most this many hashes to derive. */
export const COLOUR_CHECKPOINT_INTERVAL = 1000;
/** The next chain is made (and its terminal hash published) once fewer than this share of links remain. */
export const COLOUR_CHAIN_RENEW_FRACTION = 0.1;
/** The size of a secret, the chain's last link. */
const SECRET_BYTES = 32;

const sha256 = (link: Buffer): Buffer => createHash('sha256').update(link).digest();

/** A chain made in memory: its secret, terminal hash and stored links. */
export interface GeneratedChain {
  readonly secretHex: string;
  readonly terminalHash: string;
  readonly checkpoints: ReadonlyArray<{ linkIndex: number; linkHex: string }>;
}

/**
 * Makes a hash chain from the cryptographic RNG: link `length` is the secret, link k−1 = SHA-256(link k),
 * link 0 the terminal hash. Every COLOUR_CHECKPOINT_INTERVAL-th link and the secret are kept.
 */
export function generateChain(
  length: number,
  checkpointInterval = COLOUR_CHECKPOINT_INTERVAL,
): GeneratedChain {
  let link: Buffer = randomBytes(SECRET_BYTES);
  const secretHex = link.toString('hex');
  const checkpoints: Array<{ linkIndex: number; linkHex: string }> = [
    { linkIndex: length, linkHex: secretHex },
  ];
  for (let index = length - 1; index >= 0; index -= 1) {
    link = sha256(link);
    if (index > 0 && index % checkpointInterval === 0)
      checkpoints.push({ linkIndex: index, linkHex: link.toString('hex') });
  }
  return { secretHex, terminalHash: link.toString('hex'), checkpoints: checkpoints.reverse() };
}

/** Hashes a link down from index `from` to index `to` (to ≤ from). */
export function deriveLink(linkHex: string, from: number, to: number): string {
  let link: Buffer = Buffer.from(linkHex, 'hex');
  for (let index = from; index > to; index -= 1) link = sha256(link);
  return link.toString('hex');
}

/** Which link of a chain a period start uses: 1 for the chain's first period. */
export function chainIndexOf(chain: Pick<ColourChainRow, 'first_period_start_at'>, startAt: number): number {
  return (startAt - chain.first_period_start_at) / COLOUR_PERIOD_MS + 1;
}

/**
 * The rooms' hash chains in the database: made before their first period, renewed before they run out,
 * and read back (through the checkpoints) for each period's seed. Nothing is kept in memory.
 */
export class ColourChainService {
  constructor(private readonly chainLength: number = COLOUR_CHAIN_LENGTH) {}

  /**
   * Makes sure the room has a chain covering the periods after `now`: the first chain starts with the
   * next period (its terminal hash is stored before that period begins); a new chain is made when the
   * current one has less than COLOUR_CHAIN_RENEW_FRACTION of its links left.
   */
  async ensureChain(
    database: AppDatabase,
    room: ColourCategory,
    now: number,
    nextPeriodStart: number,
  ): Promise<void> {
    const latest = await findLatestChain(database.db, room);
    let firstStart = nextPeriodStart;
    if (latest) {
      const chainEnd = latest.first_period_start_at + latest.chain_length * COLOUR_PERIOD_MS;
      const remainingLinks = (chainEnd - nextPeriodStart) / COLOUR_PERIOD_MS;
      if (remainingLinks >= latest.chain_length * COLOUR_CHAIN_RENEW_FRACTION) return;
      // Chains follow each other without a gap. One that ran out while the server was down gets its
      // successor from its end on: the periods of the gap could take no bets (no chain covered them).
      firstStart = chainEnd;
    }
    // Generated before the transaction: a million hashes must not hold the database's write lock.
    const chain = generateChain(this.chainLength);
    await runInTransaction(database, (trx) =>
      insertChain(
        trx,
        {
          room,
          chain_length: this.chainLength,
          secret_hex: chain.secretHex,
          terminal_hash: chain.terminalHash,
          first_period_start_at: firstStart,
          created_at: now,
        },
        chain.checkpoints,
      ),
    );
  }

  /** The chain covering a period start, if the period is within one. */
  async chainFor(
    db: Kysely<Database>,
    room: ColourCategory,
    startAt: number,
  ): Promise<ColourChainRow | undefined> {
    const chain = await findChainFor(db, room, startAt);
    if (!chain || chainIndexOf(chain, startAt) > chain.chain_length) return undefined;
    return chain;
  }

  /** The seed of a chain's link k, derived from the nearest checkpoint at or above it. */
  async seedOf(db: Kysely<Database>, chain: ColourChainRow, index: number): Promise<string> {
    const checkpoint = await findCheckpointAtOrAbove(db, chain.id, index);
    if (!checkpoint) throw new Error(`colour chain ${chain.id} has no checkpoint at or above link ${index}`);
    return deriveLink(checkpoint.link_hex, checkpoint.link_index, index);
  }
}
