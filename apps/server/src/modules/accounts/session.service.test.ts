import { setTimeout as sleep } from 'node:timers/promises';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { runInTransaction } from '../../db/transaction.ts';
import { ManualClock } from '../../platform/clock.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { createTestUser } from './account-fixtures.ts';
import {
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_LOOKUP_BATCH_LIMIT,
  SESSION_TOUCH_INTERVAL_MS,
  SessionService,
} from './session.service.ts';

/** Counts the SELECT statements a database handle sends. */
class SelectCounter implements KyselyPlugin {
  selects = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind === 'SelectQueryNode') this.selects += 1;
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

describeEachDatabase('SessionService', (database) => {
  const clock = new ManualClock(1_700_000_000_000);
  let userId: number;

  beforeAll(async () => {
    userId = await createTestUser(database().db, { rCode: 'SESSROOT' });
  });

  function countingService(): { service: SessionService; counter: SelectCounter } {
    const counter = new SelectCounter();
    return { service: new SessionService(database().db.withPlugin(counter), clock), counter };
  }

  async function openSessions(service: SessionService, count: number): Promise<string[]> {
    const tokens: string[] = [];
    for (let index = 0; index < count; index += 1) {
      tokens.push(await service.create({ userId, deviceId: null, ip: null }));
    }
    return tokens;
  }

  it('answers the lookups of concurrent requests with one query, each with its own answer', async () => {
    const { service, counter } = countingService();
    const tokens = await openSessions(service, 40);
    const revoked = await service.create({ userId, deviceId: null, ip: null });
    const revokedUser = await service.resolve(revoked);
    await service.revoke(revokedUser?.sessionId ?? 0);
    const unknown = 'A'.repeat(43);
    counter.selects = 0;

    const answers = await Promise.all([
      ...tokens.map((token) => service.resolve(token)),
      service.resolve(tokens[0] ?? ''),
      service.resolve(revoked),
      service.resolve(unknown),
    ]);

    expect(counter.selects).toBe(1);
    const sessionIds = answers.slice(0, tokens.length).map((answer) => answer?.sessionId);
    expect(new Set(sessionIds).size).toBe(tokens.length);
    for (const answer of answers.slice(0, tokens.length)) expect(answer?.userId).toBe(userId);
    expect(answers[tokens.length]).toEqual(answers[0]);
    expect(answers[tokens.length + 1]).toBeNull();
    expect(answers[tokens.length + 2]).toBeNull();
  });

  it('sees a logout at once: the next lookup of the revoked token answers null', async () => {
    const { service } = countingService();
    const [token = ''] = await openSessions(service, 1);
    const user = await service.resolve(token);
    expect(user?.userId).toBe(userId);
    await service.revoke(user?.sessionId ?? 0);
    expect(await service.resolve(token)).toBeNull();
  });

  it('splits more concurrent lookups than SESSION_LOOKUP_BATCH_LIMIT over several queries', async () => {
    const { service, counter } = countingService();
    const [token = ''] = await openSessions(service, 1);
    const unknownTokens = Array.from({ length: SESSION_LOOKUP_BATCH_LIMIT + 10 }, (_unused, index) =>
      index.toString(36).padStart(43, 'x'),
    );
    counter.selects = 0;
    const answers = await Promise.all([
      service.resolve(token),
      ...unknownTokens.map((unknown) => service.resolve(unknown)),
    ]);
    expect(counter.selects).toBe(2);
    expect(answers[0]?.userId).toBe(userId);
    expect(answers.slice(1).every((answer) => answer === null)).toBe(true);
  });

  it('answers null for a session idle longer than the timeout', async () => {
    const { service } = countingService();
    const [token = ''] = await openSessions(service, 1);
    clock.advance(SESSION_IDLE_TIMEOUT_MS);
    expect(await service.resolve(token)).toBeNull();
  });

  /** A user of its own with early access and one session: its service, ids and session. */
  async function recheckFixture(rCode: string) {
    const service = new SessionService(database().db, clock, database().dialect);
    const owner = await createTestUser(database().db, { rCode });
    await database().db.updateTable('users').set({ is_early: 1 }).where('id', '=', owner).execute();
    const token = await service.create({ userId: owner, deviceId: null, ip: null });
    const resolved = await service.resolve(token);
    if (!resolved) throw new Error('no session');
    return { service, owner, session: { sessionId: resolved.sessionId, userId: owner } };
  }

  it("re-checks open sockets' sessions: the user's access now, nothing for another user's or a revoked one", async () => {
    const { service, owner, session } = await recheckFixture('SESSRCK1');
    const lastUsedBefore = await database()
      .db.selectFrom('sessions')
      .select('last_used_at')
      .where('id', '=', session.sessionId)
      .executeTakeFirstOrThrow();
    clock.advance(2 * SESSION_TOUCH_INTERVAL_MS);
    expect((await service.recheckSessions([session])).get(session.sessionId)).toEqual({
      userId: owner,
      sessionId: session.sessionId,
      access: { early: true, transfer: false },
    });
    // A re-check is not the user's activity.
    expect(
      await database()
        .db.selectFrom('sessions')
        .select('last_used_at')
        .where('id', '=', session.sessionId)
        .executeTakeFirstOrThrow(),
    ).toEqual(lastUsedBefore);
    expect((await service.recheckSessions([{ ...session, userId: owner + 1 }])).size).toBe(0);
    await database().db.updateTable('users').set({ is_early: 0 }).where('id', '=', owner).execute();
    expect((await service.recheckSessions([session])).get(session.sessionId)?.access.early).toBe(false);
    await service.revoke(session.sessionId);
    expect((await service.recheckSessions([session])).size).toBe(0);
  });

  it("waits for a transaction writing the user's row, and sees what it committed (a suspension)", async () => {
    const { service, owner, session } = await recheckFixture('SESSRCK2');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written: () => void = () => {};
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const writer = runInTransaction(database(), async (trx) => {
      await trx
        .updateTable('users')
        .set({ suspended_at: clock.now(), suspended_reason: 'test' })
        .where('id', '=', owner)
        .execute();
      written();
      await held;
    });
    await wrote;
    let answered = false;
    const recheck = service.recheckSessions([session]).finally(() => {
      answered = true;
    });
    await sleep(150);
    expect(answered).toBe(false);
    release();
    await writer;
    expect((await recheck).size).toBe(0);
  });

  it('announces a revocation inside a transaction so that the re-check sees it committed', async () => {
    const { service, owner, session } = await recheckFixture('SESSRCK3');
    const rechecks: Array<Promise<ReadonlyMap<number, unknown>>> = [];
    service.addAccessChangeListener((notice) => {
      expect(notice).toEqual({ userId: owner });
      rechecks.push(service.recheckSessions([session]));
    });
    await runInTransaction(database(), async (trx) => {
      expect(await service.revokeAllForUser(owner, trx)).toBe(1);
      // The re-check announced above runs now, while this transaction is still open.
      await sleep(150);
    });
    expect(rechecks).toHaveLength(1);
    expect((await rechecks[0])?.size).toBe(0);
  });
});

describe('SessionService lookup failure', () => {
  it('rejects every request of a batch whose query failed', async () => {
    const failing = {
      selectFrom: () => {
        throw new Error('database is down');
      },
    };
    const service = new SessionService(failing as never, new ManualClock(0));
    const results = await Promise.allSettled([
      service.resolve('a'.repeat(43)),
      service.resolve('b'.repeat(43)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
