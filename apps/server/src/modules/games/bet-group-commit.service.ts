import type { FastifyBaseLogger } from 'fastify';
import type { AppError } from '../../http/app-error.ts';
import { InsufficientBalanceError } from '../ledger/ledger.errors.ts';
import type { WalletDebit } from '../ledger/ledger.service.ts';

/** What every queued bet carries: its player and, when the request had one, its Idempotency-Key. */
export interface GroupCommitRequest {
  readonly userId: number;
  /** The Idempotency-Key, if any, and the route it is scoped to: a key twice in one batch waits for the next. */
  readonly key?: string | undefined;
  readonly route?: string;
}

/** What a batch decided for one bet: its answer, or the refusal it answers with. */
export type GroupCommitOutcome<Answer> = { readonly body: Answer } | { readonly error: AppError };

/** The limits and the game-specific part of a group commit. */
export interface BetGroupCommitOptions<Request extends GroupCommitRequest, Answer> {
  /** The game, for the log line of a failed batch. */
  readonly name: string;
  /** Most bets one batch transaction takes. */
  readonly batchMax: number;
  /** Most bets waiting for a batch; beyond it a new bet is refused with `busy()` at once. */
  readonly queueLimit: number;
  /** Batches in flight at once (1 on SQLite, which has one writer). */
  readonly concurrentBatches: number;
  /**
   * When true, a player's bets are never in two batches at once: a batch sees every earlier bet of its
   * players committed, so what it reads of them before any lock (counts per round, say) is exact.
   */
  readonly oneBatchPerPlayer?: boolean;
  /** The refusal of a bet that finds the queue full or the intake closed (nothing of it was written). */
  busy(): AppError;
  /**
   * Decides and commits one batch, answering one outcome per bet in batch order; calls `onTail` once only
   * the commit is left, so that the next batch may get ready. Throws when the batch as a whole failed.
   */
  decide(batch: readonly Request[], onTail: () => void): Promise<Array<GroupCommitOutcome<Answer>>>;
  /** Takes one bet alone in its own transaction: the path a failed batch falls back to. */
  single(request: Request): Promise<Answer>;
  readonly logger?: FastifyBaseLogger | undefined;
}

interface Queued<Request, Answer> {
  readonly request: Request;
  readonly resolve: (answer: Answer) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The game-independent part of a group commit of bets (the colour game's and Lucky Hit's intakes): a bounded
 * queue in memory, batches of up to `batchMax` bets taken in arrival order with up to `concurrentBatches`
 * in flight, each bet answered on its own once its batch has committed, and a batch that fails for an
 * unexpected reason taken again bet by bet through the single-bet path, so one poisoned request fails alone.
 * What a batch reads, locks and writes is the game's `decide`.
 */
export class BetGroupCommit<Request extends GroupCommitRequest, Answer> {
  private queue: Array<Queued<Request, Answer>> = [];
  private readonly running = new Set<Promise<void>>();
  /** Running batches that have not yet written their bets: a new batch starts only when there are none. */
  private batchesBeforeTail = 0;
  /** Players with a bet in a running batch (only with oneBatchPerPlayer). */
  private readonly playersInFlight = new Map<number, number>();
  private scheduled = false;
  private closed = false;

  constructor(private readonly options: BetGroupCommitOptions<Request, Answer>) {
    if (!Number.isSafeInteger(options.batchMax) || options.batchMax < 1)
      throw new Error(`batchMax must be a positive integer, not ${options.batchMax}`);
    if (!Number.isSafeInteger(options.concurrentBatches) || options.concurrentBatches < 1)
      throw new Error(`concurrentBatches must be a positive integer, not ${options.concurrentBatches}`);
  }

  /** Queues a validated bet for the next batch and answers it once its batch has committed. */
  submit(request: Request): Promise<Answer> {
    if (this.closed || this.queue.length >= this.options.queueLimit)
      return Promise.reject(this.options.busy());
    return new Promise<Answer>((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.schedule();
    });
  }

  /** Bets waiting for a batch (for tests and metrics). */
  get queueLength(): number {
    return this.queue.length;
  }

  /**
   * Stops taking bets: the queued ones are refused with `busy()` (the player may retry on another instance
   * or after the restart; nothing of them was written), and the batches already running are waited for so
   * that their answers go out before the database closes.
   */
  async close(): Promise<void> {
    this.closed = true;
    const waiting = this.queue;
    this.queue = [];
    for (const bet of waiting) bet.reject(this.options.busy());
    await Promise.all(this.running);
  }

  /**
   * Starts a batch on the next turn of the event loop rather than at once, so that the requests read in the
   * same turn join it.
   */
  private schedule(): void {
    if (!this.mayStartBatch() || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.mayStartBatch()) return;
      const batch = this.takeBatch();
      // Every queued bet may belong to a player whose batch is still running: the end of that batch
      // schedules again.
      if (batch.length === 0) return;
      this.batchesBeforeTail += 1;
      let inHead = true;
      const leaveHead = () => {
        if (!inHead) return;
        inHead = false;
        this.batchesBeforeTail -= 1;
      };
      const players = this.options.oneBatchPerPlayer ? this.holdPlayers(batch) : [];
      const running = this.runBatch(batch, () => {
        leaveHead();
        this.schedule();
      }).finally(() => {
        leaveHead();
        this.releasePlayers(players);
        this.running.delete(running);
        this.schedule();
      });
      this.running.add(running);
    });
  }

  /**
   * A second batch (PostgreSQL) starts once the running one has sent its writes and is committing: it then
   * does its reads before the wallet lock while the first commits, and has gathered the bets that arrived
   * while the first held the wallets. Started any earlier it takes fewer bets and waits for the first one's
   * locks all the same (measured on the colour game: about 20 % fewer bets a second on PostgreSQL).
   */
  private mayStartBatch(): boolean {
    return (
      this.queue.length > 0 &&
      this.running.size < this.options.concurrentBatches &&
      this.batchesBeforeTail === 0
    );
  }

  /**
   * Takes up to batchMax bets in arrival order. A key seen earlier in the batch stays queued for a later
   * batch, where it is a replay, and so do every later bet of that player, as do the bets of a player whose
   * batch is still running (oneBatchPerPlayer): a player's bets are always decided in the order they arrived.
   */
  private takeBatch(): Array<Queued<Request, Answer>> {
    const batch: Array<Queued<Request, Answer>> = [];
    const rest: Array<Queued<Request, Answer>> = [];
    const keys = new Set<string>();
    const heldUsers = new Set<number>(this.playersInFlight.keys());
    for (const bet of this.queue) {
      const { userId, key, route } = bet.request;
      if (batch.length >= this.options.batchMax || heldUsers.has(userId)) {
        rest.push(bet);
        continue;
      }
      if (key !== undefined) {
        const identity = `${userId}\u0000${route ?? ''}\u0000${key}`;
        if (keys.has(identity)) {
          heldUsers.add(userId);
          rest.push(bet);
          continue;
        }
        keys.add(identity);
      }
      batch.push(bet);
    }
    this.queue = rest;
    return batch;
  }

  private holdPlayers(batch: ReadonlyArray<Queued<Request, Answer>>): number[] {
    const players = [...new Set(batch.map((bet) => bet.request.userId))];
    for (const userId of players)
      this.playersInFlight.set(userId, (this.playersInFlight.get(userId) ?? 0) + 1);
    return players;
  }

  private releasePlayers(players: readonly number[]): void {
    for (const userId of players) {
      const left = (this.playersInFlight.get(userId) ?? 0) - 1;
      if (left > 0) this.playersInFlight.set(userId, left);
      else this.playersInFlight.delete(userId);
    }
  }

  /**
   * Runs one batch and answers each of its bets; never throws. `onTail` is told once the batch has sent its
   * writes and only the commit is left.
   */
  private async runBatch(batch: ReadonlyArray<Queued<Request, Answer>>, onTail: () => void): Promise<void> {
    let outcomes: Array<GroupCommitOutcome<Answer>>;
    try {
      outcomes = await this.options.decide(
        batch.map((bet) => bet.request),
        onTail,
      );
    } catch (error) {
      this.options.logger?.warn(
        { err: error, bets: batch.length },
        `${this.options.name} bet batch failed; taking its bets one by one`,
      );
      for (const bet of batch) {
        try {
          bet.resolve(await this.options.single(bet.request));
        } catch (single) {
          bet.reject(single);
        }
      }
      return;
    }
    for (const [index, bet] of batch.entries()) {
      const outcome = outcomes[index];
      if (!outcome)
        bet.reject(new Error(`${this.options.name} bet batch left bet ${index} without an answer`));
      else if ('body' in outcome) bet.resolve(outcome.body);
      else bet.reject(outcome.error);
    }
  }
}

/** The game-specific part of deciding a batch's bets: each bet's stake and the game's per-player limit. */
export interface BatchStakeRules<Request extends GroupCommitRequest> {
  /** The stake a bet takes from its player's wallet. */
  stakeOf(request: Request): number;
  /** The refusal of a bet over the game's per-player limit, given how many of its player's bets the batch took. */
  overLimit(request: Request, takenInBatch: number): AppError | undefined;
  /** Whether the limit is checked before the balance, so that its refusal wins over a short balance. */
  limitBeforeBalance: boolean;
}

/**
 * Decides a batch's live bets one by one in the order given (arrival order), as the single-bet path would:
 * a bet is refused by the game's limit or a short balance (its refusal goes into `outcomes`), else it takes
 * its stake from what its player has left of the locked wallet, so a player's earlier bets take the money
 * and the limit's places before the later ones. Answers the accepted bets' indexes in order and how many
 * bets of each player were accepted.
 */
export function decideBatchStakes<Request extends GroupCommitRequest>(
  batch: readonly Request[],
  live: readonly number[],
  wallets: ReadonlyMap<number, { readonly availableMinor: number }>,
  rules: BatchStakeRules<Request>,
  outcomes: Array<GroupCommitOutcome<unknown> | undefined>,
): { accepted: number[]; acceptedPerUser: Map<number, number> } {
  const available = new Map([...wallets].map(([userId, wallet]) => [userId, wallet.availableMinor]));
  const acceptedPerUser = new Map<number, number>();
  const accepted: number[] = [];
  for (const index of live) {
    const bet = batch[index];
    if (!bet) continue;
    const stakeMinor = rules.stakeOf(bet);
    const left = available.get(bet.userId) ?? 0;
    const taken = acceptedPerUser.get(bet.userId) ?? 0;
    const limit = () => rules.overLimit(bet, taken);
    const refusal = rules.limitBeforeBalance
      ? (limit() ?? (left < stakeMinor ? new InsufficientBalanceError() : undefined))
      : left < stakeMinor
        ? new InsufficientBalanceError()
        : limit();
    if (refusal) {
      outcomes[index] = { error: refusal };
    } else {
      available.set(bet.userId, left - stakeMinor);
      acceptedPerUser.set(bet.userId, taken + 1);
      accepted.push(index);
    }
  }
  return { accepted, acceptedPerUser };
}

/**
 * The stake debits of a batch's accepted bets for the ledger's planTransferMany: each bet's stake, referenced
 * by its id under the game's reference type and keyed by the game's stake key.
 */
export function stakeDebitsOf(
  rows: ReadonlyArray<{ readonly id: number; readonly user_id: number; readonly stake_minor: number }>,
  referenceType: string,
  stakeKey: (betId: number) => string,
): WalletDebit[] {
  return rows.map((row) => ({
    userId: row.user_id,
    amountMinor: row.stake_minor,
    reference: { type: referenceType, id: row.id },
    idempotencyKey: stakeKey(row.id),
  }));
}

/** A batch's outcomes once every bet is decided; a bet left without one is a bug of the game's batch. */
export function everyBetDecided<Answer>(
  name: string,
  outcomes: ReadonlyArray<GroupCommitOutcome<Answer> | undefined>,
): Array<GroupCommitOutcome<Answer>> {
  return outcomes.map((outcome, index) => {
    if (!outcome) throw new Error(`${name} bet batch decided nothing for bet ${index}`);
    return outcome;
  });
}
