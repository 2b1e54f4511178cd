import {
  AccountMessage,
  type AppVersionResponse,
  type MessageResponse,
  minorToDecimalString,
  type NotificationDto,
  type NotificationResponse,
  type ProfileResponse,
} from '@app/shared';
import type { Kysely } from 'kysely';
import { BatchLoader } from '../../db/batch-loader.ts';
import type { Database } from '../../db/schema.ts';
import { notFound, unauthorized } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { AccountAuditEvent, type AuditLog } from '../accounts/audit-log.service.ts';
import type { SessionService } from '../accounts/session.service.ts';
import { hashSessionToken } from '../accounts/session-token.ts';
import { availableMinor } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  findProfilesBySessionTokenHashes,
  PROFILE_LOOKUP_BATCH_LIMIT,
  type SessionProfileRow,
  updateNickName,
} from './profile.repository.ts';

/** Hands out each credited recharge once (the wallet's notifications). */
export interface NotificationSource {
  next(userId: number): Promise<NotificationDto | undefined>;
}

export interface ProfileServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  settings: SettingsService;
  /** The session rules (idle timeout, last use) applied to the session the profile is read with. */
  sessions: Pick<SessionService, 'accept'>;
  audit: AuditLog;
  /** The server's public address, for the promotion link. */
  publicUrl: string;
  /** Credited recharges to report; without one there is never anything to report. */
  notifications?: NotificationSource;
}

/** The link a user shares: the register screen with their referral code filled in. */
export function promotionUrl(publicUrl: string, referralCode: string): string {
  return `${publicUrl}/#/register?r_code=${encodeURIComponent(referralCode)}`;
}

/** The profile screen's data, the nickname, the app version check and notifications. */
export class ProfileService {
  /** The profiles asked for in one turn of the event loop are read, with their sessions, by one query. */
  private readonly rows: BatchLoader<string, SessionProfileRow>;

  constructor(private readonly dependencies: ProfileServiceDependencies) {
    this.rows = new BatchLoader(
      (tokenHashes) => findProfilesBySessionTokenHashes(dependencies.db, tokenHashes),
      (row) => row.token_hash,
      PROFILE_LOOKUP_BATCH_LIMIT,
    );
  }

  /**
   * GET /user/profile for the session token of the request: one statement reads the live session with its
   * account and wallet (the session rules then apply to it exactly as to any other request's lookup, so a
   * logout or a password reset is seen at once), shared by the profiles asked for together; the support
   * contacts and the app prefix come from the settings kept for display. A token that names no live
   * session answers 401.
   */
  async profileForToken(token: string): Promise<ProfileResponse> {
    const { settings, sessions, publicUrl } = this.dependencies;
    const [row, values] = await Promise.all([
      this.rows.load(hashSessionToken(token)),
      settings.getForDisplay(['support.contacts', 'app.android_prefix']),
    ]);
    if (!row || !(await sessions.accept(row))) throw unauthorized();
    // The ledger's rule for what a wallet can spend; a user without a wallet yet has nothing.
    const balanceMinor =
      row.credits_posted === null || row.debits_posted === null || row.debits_pending === null
        ? 0
        : availableMinor({
            credits_posted: row.credits_posted,
            debits_posted: row.debits_posted,
            debits_pending: row.debits_pending,
          });
    return {
      code: 200,
      entry: {
        r_code: row.r_code,
        nick_name: row.nick_name,
        mobile: row.mobile,
        user_id: Number(row.user_id),
        balance: minorToDecimalString(balanceMinor),
      },
      event_gift_enable: row.event_gift_enable === 1,
      promotion_url: promotionUrl(publicUrl, row.r_code),
      is_early: row.is_early === 1,
      is_transfer_enable: row.is_transfer_enable === 1 ? 1 : 0,
      supports: values['support.contacts'].map((contact) => ({ type: contact.type, value: contact.value })),
      android_app_prefix: values['app.android_prefix'],
    };
  }

  /** POST /user/change_nick_name (already trimmed and validated at the edge). */
  async changeNickName(userId: number, nickName: string, ip: string | null): Promise<MessageResponse> {
    const { db, clock, audit } = this.dependencies;
    if (!(await updateNickName(db, userId, nickName, clock.now()))) throw unauthorized();
    await audit.record(AccountAuditEvent.nickNameChanged, { userId, ip, detail: { nick_name: nickName } });
    return { code: 200, msg: AccountMessage.nickNameChanged };
  }

  /** GET /user/get_app_version(_auth): 200 with the landing page when the operator set one, else 404. */
  async appVersion(): Promise<AppVersionResponse> {
    const landingPage = await this.dependencies.settings.get('app.landing_page');
    if (!landingPage) throw notFound(AccountMessage.noLandingPage);
    return { code: 200, landing_page: landingPage };
  }

  /** GET /user/notification: the next credited recharge, reported once each (first_recharge or recharge). */
  async notification(userId: number): Promise<NotificationResponse> {
    const notify = await this.dependencies.notifications?.next(userId);
    return notify ? { code: 200, notify } : { code: 200 };
  }
}
