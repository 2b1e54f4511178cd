import { createHash } from 'node:crypto';
import { ResponseCode } from '@app/shared';
import type { Kysely } from 'kysely';
import type { PlannedWrite } from '../../db/combined-statements.ts';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  claimKey,
  claimKeys,
  deleteKeysByIdStatement,
  deleteKeysCreatedBefore,
  findKey,
  findKeys,
  storeResponse,
  storeResponsesStatement,
} from './idempotency.repository.ts';

/** Keys are remembered at least this long (DESIGN.md: a replay within 24 hours returns the first answer). */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** How often a running server forgets keys older than the retention. */
export const IDEMPOTENCY_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** Expired keys are deleted in batches of this size so one prune never holds a long lock. */
export const IDEMPOTENCY_PRUNE_BATCH_SIZE = 1_000;
/** The message of the 422 answered when a key comes back with another request. */
export const IDEMPOTENCY_MISMATCH_MESSAGE = 'Idempotency-Key reused with a different request';

export interface IdempotentRequest {
  readonly userId: number;
  /** The operation, such as 'POST /user/transfer_to': the same key may be used on different routes. */
  readonly route: string;
  /** The client's Idempotency-Key, or undefined when it sent none (then nothing is remembered). */
  readonly key: string | undefined;
  /**
   * The validated input of the request: what the operation depends on, so that key order, ignored fields or
   * "100" versus 100 do not make an identical request look different.
   */
  readonly requestBody: unknown;
}

export interface IdempotentResult<T> {
  readonly body: T;
  readonly statusCode: number;
  /** True when the body is the stored answer of an earlier request with the same key. */
  readonly replayed: boolean;
}

/**
 * What a bulk claim decided for one request: no key (nothing to remember), a new claim to answer later
 * with planStoreMany or give back with planReleaseMany, the stored answer of an earlier request, or a
 * refusal (the key came back with another request: 422).
 */
export type BulkClaim<T> =
  | { readonly state: 'unkeyed' }
  | { readonly state: 'claimed'; readonly claimId: number }
  | { readonly state: 'replayed'; readonly result: IdempotentResult<T> }
  | { readonly state: 'refused'; readonly error: AppError };

/** Identity of a key inside one bulk claim. */
function keyIdentity(userId: number, route: string, key: string): string {
  return `${userId}\u0000${route}\u0000${key}`;
}

/** JSON with object keys sorted at every level, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, current: unknown) => {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return current;
    return Object.fromEntries(
      Object.entries(current as Record<string, unknown>).sort(([left], [right]) =>
        left < right ? -1 : left > right ? 1 : 0,
      ),
    );
  });
}

/** SHA-256 (hex) of a request's canonical JSON. */
export function requestHash(requestBody: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(requestBody ?? null))
    .digest('hex');
}

/**
 * Stores each money-moving request's first answer under its Idempotency-Key, inside the operation's own
 * transaction: the key, the business rows, the ledger transfers and the stored answer commit together.
 * Only answers that commit are remembered: an operation that fails rolls its key back with everything
 * else, so retrying it after a failure runs it again.
 */
export class IdempotencyService {
  constructor(private readonly clock: Clock) {}

  /**
   * Runs `produce` once per (user, route, key): the first call stores its answer; a replay with the same
   * request returns that answer without running `produce`; the same key with another request answers 422.
   */
  async withIdempotency<T>(
    trx: Kysely<Database>,
    request: IdempotentRequest,
    produce: () => Promise<T>,
  ): Promise<IdempotentResult<T>> {
    const { key } = request;
    if (key === undefined) {
      return { body: await produce(), statusCode: ResponseCode.ok, replayed: false };
    }
    if (!trx.isTransaction) throw new Error('withIdempotency must run inside the operation transaction');
    const hash = requestHash(request.requestBody);
    const claimedId = await claimKey(trx, {
      key,
      userId: request.userId,
      route: request.route,
      requestHash: hash,
      createdAt: this.clock.now(),
    });
    if (claimedId === undefined) return this.replay(trx, request.userId, request.route, key, hash);
    const body = await produce();
    await storeResponse(trx, claimedId, JSON.stringify(body), ResponseCode.ok);
    return { body, statusCode: ResponseCode.ok, replayed: false };
  }

  /**
   * withIdempotency for many requests in one transaction and a constant number of statements: claims every
   * key in one INSERT and reads the existing ones in one SELECT. Answers one decision per request, in order.
   * The requests must not repeat a key (the caller holds a repeat back for a later transaction, where it is
   * a replay). A claimed key must be answered by planStoreMany or given back by planReleaseMany before the
   * commit.
   */
  async claimMany<T>(
    trx: Kysely<Database>,
    dialect: DialectName,
    requests: readonly IdempotentRequest[],
  ): Promise<Array<BulkClaim<T>>> {
    if (!trx.isTransaction) throw new Error('claimMany must run inside the operation transaction');
    const createdAt = this.clock.now();
    const hashes = requests.map((request) =>
      request.key === undefined ? '' : requestHash(request.requestBody),
    );
    const seen = new Set<string>();
    const claims = [];
    for (const [index, request] of requests.entries()) {
      if (request.key === undefined) continue;
      const identity = keyIdentity(request.userId, request.route, request.key);
      if (seen.has(identity))
        throw new Error(`Idempotency key ${request.key} appears twice in one bulk claim`);
      seen.add(identity);
      claims.push({
        key: request.key,
        userId: request.userId,
        route: request.route,
        requestHash: hashes[index] ?? '',
        createdAt,
      });
    }
    // Claimed in one order everywhere, so two concurrent bulk claims sharing keys wait instead of deadlocking.
    claims.sort((left, right) => {
      const a = keyIdentity(left.userId, left.route, left.key);
      const b = keyIdentity(right.userId, right.route, right.key);
      return a < b ? -1 : a > b ? 1 : 0;
    });
    const claimed = new Map(
      (await claimKeys(trx, dialect, claims)).map((row) => [
        keyIdentity(row.user_id, row.route, row.key),
        row.id,
      ]),
    );
    const taken = claims.filter((claim) => !claimed.has(keyIdentity(claim.userId, claim.route, claim.key)));
    const existing = new Map(
      (await findKeys(trx, dialect, taken)).map((row) => [keyIdentity(row.user_id, row.route, row.key), row]),
    );
    return requests.map((request, index): BulkClaim<T> => {
      if (request.key === undefined) return { state: 'unkeyed' };
      const identity = keyIdentity(request.userId, request.route, request.key);
      const claimId = claimed.get(identity);
      if (claimId !== undefined) return { state: 'claimed', claimId };
      const row = existing.get(identity);
      if (!row) throw new Error(`Idempotency key ${request.key} conflicted but is not stored`);
      if (row.request_hash !== hashes[index]) {
        return {
          state: 'refused',
          error: new AppError(ResponseCode.idempotencyMismatch, IDEMPOTENCY_MISMATCH_MESSAGE),
        };
      }
      if (row.response_json === null || row.status_code === null) {
        throw new Error(`Idempotency key ${request.key} was replayed inside the request that claimed it`);
      }
      return {
        state: 'replayed',
        result: { body: JSON.parse(row.response_json) as T, statusCode: row.status_code, replayed: true },
      };
    });
  }

  /**
   * Plans storing the 200 answers of claimed keys in one statement (for `writeTogether`); fails loudly when
   * a claim is missing. No answers plan nothing.
   */
  planStoreMany(
    dialect: DialectName,
    answers: ReadonlyArray<{ claimId: number; body: unknown }>,
  ): PlannedWrite | undefined {
    if (answers.length === 0) return undefined;
    return {
      statement: storeResponsesStatement(
        dialect,
        answers.map((answer) => ({
          id: answer.claimId,
          responseJson: JSON.stringify(answer.body),
          statusCode: ResponseCode.ok,
        })),
      ),
      settle: (stored) => {
        if (stored !== answers.length)
          throw new Error(`stored ${stored} of ${answers.length} idempotent answers`);
      },
    };
  }

  /**
   * Plans giving back the claims of refused requests in one statement (for `writeTogether`), so that, as
   * with withIdempotency, only answers that commit are remembered and a retry of a refused request runs
   * again. No claims plan nothing.
   */
  planReleaseMany(dialect: DialectName, claimIds: readonly number[]): PlannedWrite | undefined {
    if (claimIds.length === 0) return undefined;
    return {
      statement: deleteKeysByIdStatement(dialect, claimIds),
      settle: (deleted) => {
        if (deleted !== claimIds.length)
          throw new Error(`released ${deleted} of ${claimIds.length} claimed keys`);
      },
    };
  }

  /** Deletes every key older than the retention; answers how many were deleted. */
  async pruneExpired(db: Kysely<Database>): Promise<number> {
    const cutoff = this.clock.now() - IDEMPOTENCY_KEY_RETENTION_MS;
    let total = 0;
    for (;;) {
      const deleted = await deleteKeysCreatedBefore(db, cutoff, IDEMPOTENCY_PRUNE_BATCH_SIZE);
      total += deleted;
      if (deleted < IDEMPOTENCY_PRUNE_BATCH_SIZE) return total;
    }
  }

  private async replay<T>(
    trx: Kysely<Database>,
    userId: number,
    route: string,
    key: string,
    hash: string,
  ): Promise<IdempotentResult<T>> {
    const existing = await findKey(trx, userId, route, key);
    if (!existing) throw new Error(`Idempotency key ${key} conflicted but is not stored`);
    if (existing.request_hash !== hash) {
      throw new AppError(ResponseCode.idempotencyMismatch, IDEMPOTENCY_MISMATCH_MESSAGE);
    }
    if (existing.response_json === null || existing.status_code === null) {
      // Only the claiming transaction itself can see its row before the answer is stored.
      throw new Error(`Idempotency key ${key} was replayed inside the request that claimed it`);
    }
    return {
      body: JSON.parse(existing.response_json) as T,
      statusCode: existing.status_code,
      replayed: true,
    };
  }
}

/**
 * Prunes expired keys now and then every IDEMPOTENCY_PRUNE_INTERVAL_MS; answers a function that stops it.
 * A failed prune is reported and retried at the next tick (the keys only take space meanwhile).
 */
export function scheduleIdempotencyPruning(
  db: Kysely<Database>,
  service: IdempotencyService,
  onError: (error: unknown) => void,
  intervalMs = IDEMPOTENCY_PRUNE_INTERVAL_MS,
): () => void {
  const prune = () => {
    service.pruneExpired(db).catch(onError);
  };
  prune();
  const timer = setInterval(prune, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
