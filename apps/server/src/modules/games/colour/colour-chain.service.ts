import { hash, randomBytes } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  COLOUR_PERIOD_MS,
  type ColourCategory,
  type ColourChainCommitmentDto,
  type ColourChainState,
  periodNumberAt,
  periodStartMs,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../../db/dialect.ts';
import type { Database } from '../../../db/schema.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import type { Clock } from '../../../platform/clock.ts';
import {
  ensurePeriod,
  findChainFor,
  findCheckpointAtOrAbove,
  findLatestChain,
  insertChain,
  listRecentChains,
} from './colour.repository.ts';
import type { ColourChainRow } from './colour.tables.ts';

/** Links per chain (DESIGN.md §3 "Fairness"): at 480 periods a day, one chain lasts over five years. */
export const COLOUR_CHAIN_LENGTH = 1_000_000;
/** Every this many links one is stored, so a period's seed takes at most this many hashes to derive. */
export const COLOUR_CHECKPOINT_INTERVAL = 1000;
/** The next chain is made (and its terminal hash published) once fewer than this share of links remain. */
export const COLOUR_CHAIN_RENEW_FRACTION = 0.1;
/**
 * Hashes computed between two yields to the event loop while a chain is made: under a millisecond of work
 * on a small machine, so requests and settlements go on while a million links are hashed.
 */
export const COLOUR_CHAIN_HASHES_PER_SLICE = 1_000;
/**
 * A new chain's first period starts at least this long after its commit begins: the first period
 * boundary at or after (now + lead). The commit writes a thousand checkpoints, which takes milliseconds.
 */
export const COLOUR_CHAIN_COMMIT_LEAD_MS = 3_000;
/**
 * Inside the commit, once the rows are written, at least this much of the lead must remain for the COMMIT
 * itself; otherwise the transaction is rolled back and the chain committed again with a later first period.
 */
export const COLOUR_CHAIN_COMMIT_RESERVE_MS = 1_000;
/** How many of each room's latest chains GET /win/fairness/chains lists. */
export const COLOUR_CHAIN_COMMITMENTS_PER_ROOM = 3;
/** The log message of each committed chain (room, chain id, terminal hash, first period): its publication. */
export const COLOUR_CHAIN_COMMITTED_LOG = 'colour chain committed';
/** The size of a secret, the chain's last link. */
const SECRET_BYTES = 32;

const sha256 = (link: Buffer): Buffer => hash('sha256', link, 'buffer');

/** A chain made in memory: its secret, terminal hash and stored links. */
export interface GeneratedChain {
  readonly secretHex: string;
  readonly terminalHash: string;
  readonly checkpoints: ReadonlyArray<{ linkIndex: number; linkHex: string }>;
}

export interface GenerateChainOptions {
  readonly checkpointInterval?: number;
  readonly hashesPerSlice?: number;
  /** Stops the work between two slices (the engine stopping, or losing the leadership). */
  readonly signal?: AbortSignal;
}

/**
 * Makes a hash chain from the cryptographic RNG: link `length` is the secret, link k−1 = SHA-256(link k),
 * link 0 the terminal hash. Every checkpointInterval-th link and the secret are kept. The hashing runs in
 * slices of hashesPerSlice links with a yield to the event loop after each, because a million hashes in
 * one go would hold every request of the process for a second or more.
 */
export async function generateChain(
  length: number,
  options: GenerateChainOptions = {},
): Promise<GeneratedChain> {
  const checkpointInterval = options.checkpointInterval ?? COLOUR_CHECKPOINT_INTERVAL;
  const hashesPerSlice = options.hashesPerSlice ?? COLOUR_CHAIN_HASHES_PER_SLICE;
  if (!Number.isSafeInteger(length) || length < 1)
    throw new Error(`a chain needs at least one link, not ${length}`);
  if (!Number.isSafeInteger(hashesPerSlice) || hashesPerSlice < 1)
    throw new Error(`a slice needs at least one hash, not ${hashesPerSlice}`);
  let link: Buffer = randomBytes(SECRET_BYTES);
  const secretHex = link.toString('hex');
  const checkpoints: Array<{ linkIndex: number; linkHex: string }> = [
    { linkIndex: length, linkHex: secretHex },
  ];
  let index = length - 1;
  while (index >= 0) {
    options.signal?.throwIfAborted();
    const sliceEnd = Math.max(index - hashesPerSlice, -1);
    for (; index > sliceEnd; index -= 1) {
      link = sha256(link);
      if (index > 0 && index % checkpointInterval === 0)
        checkpoints.push({ linkIndex: index, linkHex: link.toString('hex') });
    }
    if (index >= 0) await yieldToEventLoop();
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

/** The start of the first period after a chain: its last period starts one period before. */
export function chainEndOf(chain: Pick<ColourChainRow, 'first_period_start_at' | 'chain_length'>): number {
  return chain.first_period_start_at + chain.chain_length * COLOUR_PERIOD_MS;
}

/**
 * What a room needs of its chains, seen from the next period on: nothing; a renewal (the latest chain
 * covers the next period but is running out, so the next one is made in the background); or a chain now
 * (no chain covers the next period: a first start, or a chain that ran out while the server was down).
 */
export type ColourChainNeed = 'none' | 'renew' | 'urgent';

export function chainNeedOf(
  latest: ColourChainRow | undefined,
  nextPeriodStart: number,
  renewAheadPeriods: (latest: ColourChainRow) => number,
): ColourChainNeed {
  if (!latest) return 'urgent';
  const remainingPeriods = (chainEndOf(latest) - nextPeriodStart) / COLOUR_PERIOD_MS;
  if (remainingPeriods <= 0) return 'urgent';
  return remainingPeriods < renewAheadPeriods(latest) ? 'renew' : 'none';
}

/**
 * The first period of a chain committed at `now` (DESIGN.md §3 "Fairness": committed before its first
 * round). A renewal follows its predecessor without a gap when the predecessor still has periods left
 * beyond the lead; otherwise the chain starts with the first period that begins at least
 * COLOUR_CHAIN_COMMIT_LEAD_MS after `now`. The periods between the end of a chain that ran out while no
 * leader was running and that start are a gap: no chain was committed for them, so they could take no
 * bet (the intake needs the chain), are never drawn and have no result; the fairness call answers
 * "not drawn" for them and the histories simply have no row for them.
 */
export function nextChainStart(latest: ColourChainRow | undefined, now: number): number {
  const earliest = now + COLOUR_CHAIN_COMMIT_LEAD_MS;
  const boundary =
    periodStartMs(earliest) === earliest ? earliest : periodStartMs(earliest) + COLOUR_PERIOD_MS;
  return latest ? Math.max(chainEndOf(latest), boundary) : boundary;
}

/** Where a chain stands at `now`, given the chain that draws the period under way (if any). */
function chainStateOf(
  chain: Pick<ColourChainRow, 'id' | 'first_period_start_at'>,
  current: ColourChainRow | undefined,
  now: number,
): ColourChainState {
  if (chain.first_period_start_at > periodStartMs(now)) return 'upcoming';
  return chain.id === current?.id ? 'current' : 'finished';
}

export interface ColourChainServiceOptions {
  /** Where each commitment is published (the console); silent when left out. */
  readonly logger?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The market's zone, for the period numbers of the log. */
  readonly timeZone?: string;
  /** Renew once fewer than this many periods of the latest chain remain (default: a renew fraction of it). */
  readonly renewAheadPeriods?: number;
  readonly hashesPerSlice?: number;
}

interface Generation {
  readonly done: Promise<ColourChainRow | undefined>;
  readonly abort: AbortController;
}

/** A commit refused because too little of the lead was left: rolled back, then made for a later period. */
class CommitTooLateError extends Error {}

/**
 * The rooms' hash chains in the database: made ahead of their first period off the event loop's critical
 * path, committed before that period begins, renewed in the background before they run out, and read
 * back (through the checkpoints) for each period's seed. Only a generation in progress is kept in memory.
 */
export class ColourChainService {
  private readonly generations = new Map<ColourCategory, Generation>();
  /**
   * Chains are hashed one at a time, even when several rooms need one (a first start): interleaved, each
   * turn of the event loop would wait for a slice of every room instead of one.
   */
  private hashing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly chainLength: number = COLOUR_CHAIN_LENGTH,
    private readonly options: ColourChainServiceOptions = {},
  ) {
    if (!Number.isSafeInteger(chainLength) || chainLength < 1)
      throw new Error(`bad chain length ${chainLength}`);
    const ahead = options.renewAheadPeriods;
    if (ahead !== undefined && (!Number.isSafeInteger(ahead) || ahead < 1 || ahead >= chainLength))
      throw new Error(`renewAheadPeriods must be between 1 and the chain length, not ${ahead}`);
  }

  private readonly renewAheadOf = (latest: ColourChainRow): number =>
    this.options.renewAheadPeriods ??
    Math.max(1, Math.ceil(latest.chain_length * COLOUR_CHAIN_RENEW_FRACTION));

  /**
   * The engine's step for a room's chains: a renewal is started in the background and not waited for (the
   * game goes on with the current chain); when no chain covers the next period the generation is waited
   * for, because nothing can be bet or drawn there without one. A generation already running is joined,
   * never duplicated. Answers what the room needed.
   */
  async prepare(database: AppDatabase, room: ColourCategory, clock: Clock): Promise<ColourChainNeed> {
    const now = clock.now();
    const latest = await findLatestChain(database.db, room);
    const need = chainNeedOf(latest, periodStartMs(now) + COLOUR_PERIOD_MS, this.renewAheadOf);
    if (need === 'none') return need;
    const generation = this.generations.get(room) ?? this.startGeneration(database, room, clock);
    if (need === 'urgent') await generation.done;
    return need;
  }

  /** Whether a chain is being made for the room. */
  isGenerating(room: ColourCategory): boolean {
    return this.generations.has(room);
  }

  /** Waits for every generation in progress to be committed (or to fail, which is logged). */
  async whenIdle(): Promise<void> {
    await Promise.all([...this.generations.values()].map((generation) => generation.done));
  }

  /** Abandons every generation in progress (nothing is committed) and waits for them to stop. */
  async cancelGenerations(): Promise<void> {
    const running = [...this.generations.values()];
    for (const generation of running) generation.abort.abort();
    await Promise.all(running.map((generation) => generation.done));
  }

  private startGeneration(database: AppDatabase, room: ColourCategory, clock: Clock): Generation {
    const abort = new AbortController();
    const work = async (): Promise<ColourChainRow | undefined> => {
      const hashed = this.hashing.then(() =>
        generateChain(this.chainLength, {
          signal: abort.signal,
          ...(this.options.hashesPerSlice === undefined
            ? {}
            : { hashesPerSlice: this.options.hashesPerSlice }),
        }),
      );
      this.hashing = hashed.catch(() => undefined);
      const chain = await hashed;
      abort.signal.throwIfAborted();
      return this.commit(database, room, clock, chain);
    };
    const done = work()
      .catch((error: unknown) => {
        if (abort.signal.aborted) return undefined;
        this.options.logger?.error({ err: error, room }, 'colour chain generation failed');
        return undefined;
      })
      .finally(() => this.generations.delete(room));
    const generation = { done, abort };
    this.generations.set(room, generation);
    return generation;
  }

  /**
   * Commits a generated chain: the first period is chosen inside the transaction from the clock at that
   * moment, so it always begins after the commit (the lead); the need is checked again there, because
   * another leader may have committed a chain meanwhile. A commit that ran out of lead is rolled back and
   * tried once more with a later first period.
   */
  private async commit(
    database: AppDatabase,
    room: ColourCategory,
    clock: Clock,
    chain: GeneratedChain,
  ): Promise<ColourChainRow | undefined> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const row = await runInTransaction(database, async (trx) => {
          const now = clock.now();
          const latest = await findLatestChain(trx, room);
          if (chainNeedOf(latest, periodStartMs(now) + COLOUR_PERIOD_MS, this.renewAheadOf) === 'none') {
            return undefined;
          }
          const firstStart = nextChainStart(latest, now);
          const inserted = await insertChain(
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
          );
          if (inserted && clock.now() > firstStart - COLOUR_CHAIN_COMMIT_RESERVE_MS) {
            throw new CommitTooLateError(`chain for ${room} written too close to its first period`);
          }
          return inserted;
        });
        if (row) this.published(row, clock.now());
        return row;
      } catch (error) {
        if (!(error instanceof CommitTooLateError) || attempt >= 2) throw error;
        this.options.logger?.warn(
          { room },
          'colour chain commit ran out of lead; committing it for a later period',
        );
      }
    }
  }

  /**
   * Lays down a room's first chain from a given period start, as a leader that ran earlier would have
   * (tests and benchmarks prepare a database this way); nothing when the room already has a chain.
   */
  async ensureChain(
    database: AppDatabase,
    room: ColourCategory,
    now: number,
    firstPeriodStart: number,
  ): Promise<ColourChainRow | undefined> {
    if (periodStartMs(firstPeriodStart) !== firstPeriodStart || firstPeriodStart <= now) {
      throw new Error('a chain must be committed before its first period, which starts on a period boundary');
    }
    if (await findLatestChain(database.db, room)) return undefined;
    const chain = await generateChain(this.chainLength, {
      ...(this.options.hashesPerSlice === undefined ? {} : { hashesPerSlice: this.options.hashesPerSlice }),
    });
    const row = await runInTransaction(database, (trx) =>
      insertChain(
        trx,
        {
          room,
          chain_length: this.chainLength,
          secret_hex: chain.secretHex,
          terminal_hash: chain.terminalHash,
          first_period_start_at: firstPeriodStart,
          created_at: now,
        },
        chain.checkpoints,
      ),
    );
    if (row) this.published(row, now);
    return row;
  }

  /** Logs a committed chain: the console half of its publication (the other is GET /win/fairness/chains). */
  private published(row: ColourChainRow, committedAt: number): void {
    const timeZone = this.options.timeZone;
    const detail = {
      room: row.room,
      chain_id: row.id,
      terminal_hash: row.terminal_hash,
      chain_length: row.chain_length,
      first_period: timeZone ? periodNumberAt(row.first_period_start_at, timeZone) : undefined,
      first_period_start_at: row.first_period_start_at,
    };
    // The commit is over; were its first period already under way, a period would be drawn from a
    // chain published after it began. The lead makes that impossible short of a stalled database.
    if (committedAt >= row.first_period_start_at) {
      this.options.logger?.error(
        { ...detail, committed_at: committedAt },
        'colour chain committed after its first period began',
      );
      throw new Error(`colour chain ${row.id} was committed after its first period began`);
    }
    this.options.logger?.info(detail, COLOUR_CHAIN_COMMITTED_LOG);
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

  /**
   * Makes the open row of a room's period from the chain covering it, unless the row exists already;
   * answers that chain, or undefined when no chain covers the period (it was never committed to, so it
   * takes no bets and is never drawn).
   */
  async ensurePeriodRow(
    db: Kysely<Database>,
    period: { room: ColourCategory; period: string; startAt: number },
    now: number,
  ): Promise<ColourChainRow | undefined> {
    const chain = await this.chainFor(db, period.room, period.startAt);
    if (!chain) return undefined;
    await ensurePeriod(db, {
      room: period.room,
      period: period.period,
      start_at: period.startAt,
      status: 'open',
      chain_id: chain.id,
      chain_index: chainIndexOf(chain, period.startAt),
      created_at: now,
    });
    return chain;
  }

  /**
   * The start of the first period, from the one under way at `now` on, that a committed chain covers in
   * every room (only such a period takes bets); undefined while some room has neither a chain covering the
   * period under way nor one committed after it (a first start before its first commitment).
   */
  async firstCommittedPeriodStart(
    db: Kysely<Database>,
    rooms: readonly ColourCategory[],
    now: number,
  ): Promise<number | undefined> {
    const openStart = periodStartMs(now);
    let firstStart = openStart;
    for (const room of rooms) {
      if (await this.chainFor(db, room, openStart)) continue;
      const latest = await findLatestChain(db, room);
      if (!latest || latest.first_period_start_at <= openStart) return undefined;
      firstStart = Math.max(firstStart, latest.first_period_start_at);
    }
    return firstStart;
  }

  /** The end of the shortest of the rooms' chains covering a period start (its start when one has none). */
  async committedThrough(
    db: Kysely<Database>,
    rooms: readonly ColourCategory[],
    startAt: number,
  ): Promise<number> {
    let end = Number.POSITIVE_INFINITY;
    for (const room of rooms) {
      const chain = await this.chainFor(db, room, startAt);
      end = Math.min(end, chain ? chainEndOf(chain) : startAt);
    }
    return end;
  }

  /** The seed of a chain's link k, derived from the nearest checkpoint at or above it. */
  async seedOf(db: Kysely<Database>, chain: ColourChainRow, index: number): Promise<string> {
    const checkpoint = await findCheckpointAtOrAbove(db, chain.id, index);
    if (!checkpoint) throw new Error(`colour chain ${chain.id} has no checkpoint at or above link ${index}`);
    return deriveLink(checkpoint.link_hex, checkpoint.link_index, index);
  }

  /**
   * The published commitments of the rooms (each room's COLOUR_CHAIN_COMMITMENTS_PER_ROOM latest chains,
   * newest first): what anyone needs to hold the server to its results before they are drawn.
   */
  async commitments(
    db: Kysely<Database>,
    rooms: readonly ColourCategory[],
    now: number,
    timeZone: string,
  ): Promise<ColourChainCommitmentDto[]> {
    const answer: ColourChainCommitmentDto[] = [];
    for (const room of rooms) {
      const current = await this.chainFor(db, room, periodStartMs(now));
      for (const chain of await listRecentChains(db, room, COLOUR_CHAIN_COMMITMENTS_PER_ROOM)) {
        answer.push({
          category: room,
          terminal_hash: chain.terminal_hash,
          first_period: periodNumberAt(chain.first_period_start_at, timeZone),
          last_period: periodNumberAt(chainEndOf(chain) - COLOUR_PERIOD_MS, timeZone),
          chain_length: chain.chain_length,
          create_time: chain.created_at,
          state: chainStateOf(chain, current, now),
        });
      }
    }
    return answer;
  }
}
