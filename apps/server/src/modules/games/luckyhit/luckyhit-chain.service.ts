import { LUCKY_HIT_ROUND_MS, luckyHitPeriodAt, luckyHitRoundStartMs } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../../db/dialect.ts';
import type { Database } from '../../../db/schema.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import type { Clock } from '../../../platform/clock.ts';
import { deriveLink, type GeneratedChain, generateChain } from '../colour/colour-chain.service.ts';
import {
  ensureRound,
  findChainFor,
  findCheckpointAtOrAbove,
  findLatestChain,
  insertChain,
} from './luckyhit.repository.ts';
import type { LuckyHitChainRow } from './luckyhit.tables.ts';

/** Links per chain (DESIGN.md §3 "Fairness"): at 2,880 rounds a day, one chain lasts 347 days. */
export const LUCKY_HIT_CHAIN_LENGTH = 1_000_000;
/** The next chain is made (and its terminal hash published) once fewer than this share of its rounds remain. */
export const LUCKY_HIT_CHAIN_RENEW_FRACTION = 0.1;
/** A new chain's first round is the first round boundary at least this long after its commit begins. */
export const LUCKY_HIT_CHAIN_COMMIT_LEAD_MS = 3_000;
/** Inside the commit at least this much of the lead must remain, or the chain is committed for a later round. */
export const LUCKY_HIT_CHAIN_COMMIT_RESERVE_MS = 1_000;
/** The log message of each committed chain (chain id, terminal hash, first period): its publication. */
export const LUCKY_HIT_CHAIN_COMMITTED_LOG = 'luckyhit chain committed';

/** Which link of a chain a round start uses: 1 for the chain's first round. */
export function chainIndexOf(chain: Pick<LuckyHitChainRow, 'first_round_start_at'>, startAt: number): number {
  return (startAt - chain.first_round_start_at) / LUCKY_HIT_ROUND_MS + 1;
}

/** The start of the first round after a chain. */
export function chainEndOf(chain: Pick<LuckyHitChainRow, 'first_round_start_at' | 'chain_length'>): number {
  return chain.first_round_start_at + chain.chain_length * LUCKY_HIT_ROUND_MS;
}

/** The first round of a chain committed at `now`: right after its predecessor, or the first after the lead. */
export function nextChainStart(latest: LuckyHitChainRow | undefined, now: number): number {
  const earliest = now + LUCKY_HIT_CHAIN_COMMIT_LEAD_MS;
  const start = luckyHitRoundStartMs(earliest);
  const boundary = start === earliest ? earliest : start + LUCKY_HIT_ROUND_MS;
  return latest ? Math.max(chainEndOf(latest), boundary) : boundary;
}

export interface LuckyHitChainServiceOptions {
  readonly logger?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  readonly timeZone?: string;
  /** Renew once fewer than this many rounds of the latest chain remain (default: a tenth of it). */
  readonly renewAheadRounds?: number;
}

/** A commit refused because too little of the lead was left: rolled back, then made for a later round. */
class CommitTooLateError extends Error {}

/**
 * Lucky Hit's hash chains, made and committed like the colour game's (the same generator and link
 * derivation): committed before their first round, renewed in the background before they run out, and read
 * back through the checkpoints for each round's seed.
 */
export class LuckyHitChainService {
  private generation: { done: Promise<unknown>; abort: AbortController } | undefined;

  constructor(
    private readonly chainLength: number = LUCKY_HIT_CHAIN_LENGTH,
    private readonly options: LuckyHitChainServiceOptions = {},
  ) {
    if (!Number.isSafeInteger(chainLength) || chainLength < 1)
      throw new Error(`bad chain length ${chainLength}`);
  }

  private renewAhead(latest: LuckyHitChainRow): number {
    return (
      this.options.renewAheadRounds ??
      Math.max(1, Math.ceil(latest.chain_length * LUCKY_HIT_CHAIN_RENEW_FRACTION))
    );
  }

  private needAt(latest: LuckyHitChainRow | undefined, now: number): 'none' | 'renew' | 'urgent' {
    if (!latest) return 'urgent';
    const remaining =
      (chainEndOf(latest) - (luckyHitRoundStartMs(now) + LUCKY_HIT_ROUND_MS)) / LUCKY_HIT_ROUND_MS;
    if (remaining <= 0) return 'urgent';
    return remaining < this.renewAhead(latest) ? 'renew' : 'none';
  }

  /**
   * The engine's step for the chains: a renewal goes on in the background; when no chain covers the next
   * round the generation is waited for, since nothing can be bet or dealt there without one.
   */
  async prepare(database: AppDatabase, clock: Clock): Promise<void> {
    const need = this.needAt(await findLatestChain(database.db), clock.now());
    if (need === 'none') return;
    if (!this.generation) {
      const abort = new AbortController();
      const done = generateChain(this.chainLength, { signal: abort.signal })
        .then((chain) => {
          abort.signal.throwIfAborted();
          return this.commit(database, clock, chain);
        })
        .catch((error: unknown) => {
          if (!abort.signal.aborted)
            this.options.logger?.error({ err: error }, 'luckyhit chain generation failed');
        })
        .finally(() => {
          this.generation = undefined;
        });
      this.generation = { done, abort };
    }
    if (need === 'urgent') await this.generation?.done;
  }

  /** Abandons a generation in progress (nothing is committed) and waits for it to stop. */
  async cancelGenerations(): Promise<void> {
    const running = this.generation;
    running?.abort.abort();
    await running?.done;
  }

  private async commit(database: AppDatabase, clock: Clock, chain: GeneratedChain): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const row = await runInTransaction(database, async (trx) => {
          const now = clock.now();
          const latest = await findLatestChain(trx);
          if (this.needAt(latest, now) === 'none') return undefined;
          const firstStart = nextChainStart(latest, now);
          const inserted = await insertChain(
            trx,
            {
              chain_length: this.chainLength,
              secret_hex: chain.secretHex,
              terminal_hash: chain.terminalHash,
              first_round_start_at: firstStart,
              created_at: now,
            },
            chain.checkpoints,
          );
          if (inserted && clock.now() > firstStart - LUCKY_HIT_CHAIN_COMMIT_RESERVE_MS) {
            throw new CommitTooLateError('luckyhit chain written too close to its first round');
          }
          return inserted;
        });
        if (row) this.published(row, clock.now());
        return;
      } catch (error) {
        if (!(error instanceof CommitTooLateError) || attempt >= 2) throw error;
      }
    }
  }

  /** Lays down the first chain from a given round start, as an earlier leader would have (tests, benches). */
  async ensureChain(
    database: AppDatabase,
    now: number,
    firstRoundStart: number,
  ): Promise<LuckyHitChainRow | undefined> {
    if (luckyHitRoundStartMs(firstRoundStart) !== firstRoundStart || firstRoundStart <= now) {
      throw new Error('a chain must be committed before its first round, which starts on a round boundary');
    }
    if (await findLatestChain(database.db)) return undefined;
    const chain = await generateChain(this.chainLength);
    const row = await runInTransaction(database, (trx) =>
      insertChain(
        trx,
        {
          chain_length: this.chainLength,
          secret_hex: chain.secretHex,
          terminal_hash: chain.terminalHash,
          first_round_start_at: firstRoundStart,
          created_at: now,
        },
        chain.checkpoints,
      ),
    );
    if (row) this.published(row, now);
    return row;
  }

  private published(row: LuckyHitChainRow, committedAt: number): void {
    if (committedAt >= row.first_round_start_at) {
      throw new Error(`luckyhit chain ${row.id} was committed after its first round began`);
    }
    const timeZone = this.options.timeZone;
    this.options.logger?.info(
      {
        chain_id: row.id,
        terminal_hash: row.terminal_hash,
        chain_length: row.chain_length,
        first_period: timeZone ? luckyHitPeriodAt(row.first_round_start_at, timeZone) : undefined,
      },
      LUCKY_HIT_CHAIN_COMMITTED_LOG,
    );
  }

  /** The chain covering a round start, if the round is within one. */
  async chainFor(db: Kysely<Database>, startAt: number): Promise<LuckyHitChainRow | undefined> {
    const chain = await findChainFor(db, startAt);
    if (!chain || chainIndexOf(chain, startAt) > chain.chain_length) return undefined;
    return chain;
  }

  /** Makes a round's open row from the chain covering it unless it exists; answers that chain, or undefined. */
  async ensureRoundRow(
    db: Kysely<Database>,
    round: { period: string; startAt: number },
    now: number,
  ): Promise<LuckyHitChainRow | undefined> {
    const chain = await this.chainFor(db, round.startAt);
    if (!chain) return undefined;
    await ensureRound(db, {
      period: round.period,
      start_at: round.startAt,
      status: 'open',
      chain_id: chain.id,
      chain_index: chainIndexOf(chain, round.startAt),
      created_at: now,
    });
    return chain;
  }

  /** The seed of a chain's link k, derived from the nearest checkpoint at or above it. */
  async seedOf(db: Kysely<Database>, chain: LuckyHitChainRow, index: number): Promise<string> {
    const checkpoint = await findCheckpointAtOrAbove(db, chain.id, index);
    if (!checkpoint)
      throw new Error(`luckyhit chain ${chain.id} has no checkpoint at or above link ${index}`);
    return deriveLink(checkpoint.link_hex, checkpoint.link_index, index);
  }
}
