import {
  OperatorMessage,
  OperatorUserMessage,
  type Page,
  type PlayerRecordsQuery,
  type PlayerReferralDto,
  type PlayerSessionDto,
} from '@app/shared';
import type { AppDatabase } from '../../db/dialect.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { SessionService } from '../accounts/session.service.ts';
import { findOperatorUser } from '../profile/profile-operator.repository.ts';
import {
  countReferrals,
  countUserSessions,
  listReferrals,
  listUserSessions,
  revokeUserSession,
} from './player-view.repository.ts';

/** One kind of a player's records: a page of them for one account. */
export type PlayerRecordSource = (userId: number, query: PlayerRecordsQuery) => Promise<Page<unknown>>;

/** The audit event of a player session an operator ended. */
export const PLAYER_SESSION_REVOKED_EVENT = 'operator_player_session_revoked';

/** Shows the last four characters of an account number only. */
export function maskAccountNumber(accountNumber: string): string {
  const visible = accountNumber.slice(-4);
  return `${'•'.repeat(Math.max(accountNumber.length - 4, 0))}${visible}`;
}

/**
 * The operator's player view (issue 18): every kind of record of one account through one call. Each module
 * registers its own kinds (`register('crash_bets', …)`), so the view grows with the games and features
 * without this module knowing them.
 */
export class PlayerViewService {
  private readonly sources = new Map<string, PlayerRecordSource>();

  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly sessions: Pick<SessionService, 'accessChanged'>,
  ) {
    this.register('sessions', async (userId, query) => {
      const { db } = this.database;
      const [count, rows] = await Promise.all([
        countUserSessions(db, userId),
        listUserSessions(db, userId, pageWindow(query)),
      ]);
      return pageResponse<PlayerSessionDto>(
        count,
        rows.map((row) => ({
          id: Number(row.id),
          device_id: row.device_id,
          ip: row.ip,
          created_at: Number(row.created_at),
          last_used_at: Number(row.last_used_at),
        })),
      );
    });
    this.register('referrals', async (userId, query) => {
      const { db } = this.database;
      const [count, rows] = await Promise.all([
        countReferrals(db, userId),
        listReferrals(db, userId, pageWindow(query)),
      ]);
      return pageResponse<PlayerReferralDto>(
        count,
        rows.map((row) => ({
          user_id: Number(row.id),
          mobile: row.mobile,
          nick_name: row.nick_name,
          level: Number(row.referrer_level1_id) === userId ? 1 : 2,
          created_at: Number(row.created_at),
        })),
      );
    });
  }

  /** Adds a kind of record; registering a kind twice is a bug. */
  register(kind: string, source: PlayerRecordSource): void {
    if (this.sources.has(kind)) throw new Error(`player record kind ${kind} is registered twice`);
    this.sources.set(kind, source);
  }

  /** The registered kinds, for the console's tabs. */
  kinds(): string[] {
    return [...this.sources.keys()];
  }

  /** GET /admin/api/users/:id/records: one page of one kind of an account's records. */
  async records(userId: number, query: PlayerRecordsQuery): Promise<Page<unknown> & { kinds: string[] }> {
    const source = this.sources.get(query.kind);
    if (!source) throw badRequest(`kind must be one of ${this.kinds().join(', ')}`);
    if (!(await findOperatorUser(this.database.db, userId))) throw notFound(OperatorUserMessage.userNotFound);
    return { ...(await source(userId, query)), kinds: this.kinds() };
  }

  /**
   * POST /admin/api/users/:id/sessions/:session_id/revoke: ends one of the account's sessions at once; its
   * open game sockets close on every instance.
   */
  async revokeSession(
    userId: number,
    sessionId: number,
    actor: { operator: string; ip: string | null },
  ): Promise<{ code: 200; msg: string }> {
    const revoked = await revokeUserSession(this.database.db, userId, sessionId, this.clock.now());
    if (!revoked) throw notFound(OperatorMessage.sessionNotFound);
    // The revocation was one statement, committed: the sockets' re-check sees it.
    this.sessions.accessChanged({ sessionId });
    await this.audit.record(PLAYER_SESSION_REVOKED_EVENT, {
      userId,
      ip: actor.ip,
      detail: {
        operator: actor.operator,
        session_id: sessionId,
        before: { live: true },
        after: { live: false },
      },
    });
    return { code: 200, msg: OperatorMessage.saved };
  }
}
