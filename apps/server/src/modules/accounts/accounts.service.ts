import { randomInt } from 'node:crypto';
import {
  AccountMessage,
  type LoginBody,
  type LoginResponse,
  type MessageResponse,
  type RegisterBody,
  type RegisterResponse,
  type ResetPasswordBody,
  ResponseCode,
  type SendVerifyCodeBody,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, unauthorized } from '../../http/app-error.ts';
import type { AuthenticatedUser } from '../../http/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  findUserById,
  findUserByMobile,
  findUserByReferralCode,
  insertUserIfFree,
  isDeviceTrusted,
  trustDevice,
  updatePasswordHash,
} from './accounts.repository.ts';
import type { UserRow } from './accounts.tables.ts';
import { AccountAuditEvent, type AuditLog } from './audit-log.service.ts';
import { type LoginThrottleScope, LoginThrottleService } from './login-throttle.service.ts';
import type { OtpService } from './otp.service.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password-hasher.ts';
import type { SessionService } from './session.service.ts';
import { generateDeviceId } from './session-token.ts';

/** Own referral codes: 8 characters without look-alikes (no 0/O, 1/I/L), about 10^12 possible codes. */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;
/** A collision is one in a trillion; a few retries make a failure practically impossible. */
const REFERRAL_CODE_ATTEMPTS = 5;
/** New users are called Player followed by six random digits until they choose a nickname. */
const DEFAULT_NICK_NAME_PREFIX = 'Player';

/** A fresh referral code from the unambiguous alphabet. */
export function generateReferralCode(): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

function defaultNickName(): string {
  return `${DEFAULT_NICK_NAME_PREFIX}${randomInt(100_000, 1_000_000)}`;
}

export interface AccountServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  otp: OtpService;
  sessions: SessionService;
  audit: AuditLog;
  settings: SettingsService;
}

/** Registration, login with device trust, password reset and logout (issue 3). */
export class AccountService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly otp: OtpService;
  private readonly sessions: SessionService;
  private readonly audit: AuditLog;
  private readonly settings: SettingsService;
  private readonly loginThrottle: LoginThrottleService;

  constructor(dependencies: AccountServiceDependencies) {
    this.db = dependencies.db;
    this.clock = dependencies.clock;
    this.otp = dependencies.otp;
    this.sessions = dependencies.sessions;
    this.audit = dependencies.audit;
    this.settings = dependencies.settings;
    this.loginThrottle = new LoginThrottleService(dependencies.db, dependencies.clock);
  }

  /**
   * POST /user/send_verify_code. register refuses a number with an account, reset_password one without;
   * edit_bankcard needs a logged-in user and always goes to that user's own number.
   */
  async sendVerifyCode(
    body: SendVerifyCodeBody,
    ip: string | null,
    caller: AuthenticatedUser | undefined,
  ): Promise<MessageResponse> {
    let mobile = body.mobile_number;
    let userId: number | null = null;
    if (body.verify_type === 'edit_bankcard') {
      if (!caller) throw unauthorized();
      const user = await findUserById(this.db, caller.userId);
      if (!user) throw unauthorized();
      mobile = user.mobile;
      userId = user.id;
    } else {
      const user = await findUserByMobile(this.db, mobile);
      if (body.verify_type === 'register' && user) {
        throw new AppError(ResponseCode.conflict, AccountMessage.mobileRegistered);
      }
      if (body.verify_type === 'reset_password') {
        if (!user) throw new AppError(ResponseCode.notFound, AccountMessage.mobileNotRegistered);
        userId = user.id;
      }
    }
    await this.otp.send({ mobile, purpose: body.verify_type, ip, userId, deviceId: body.device_id ?? null });
    return { code: 200, msg: AccountMessage.otpSent };
  }

  /**
   * POST /user/register: a free number, an existing referral code and the number's register code make an
   * account with its own referral code, its referrers at level 1 and 2, a trusted device and a session.
   */
  async register(body: RegisterBody, ip: string | null): Promise<RegisterResponse> {
    const mobile = body.mobile_number;
    if (await findUserByMobile(this.db, mobile)) {
      throw new AppError(ResponseCode.conflict, AccountMessage.mobileRegistered);
    }
    const referrer = await findUserByReferralCode(this.db, body.r_code);
    if (!referrer) throw new AppError(ResponseCode.badRequest, AccountMessage.referralInvalid);
    // The code is checked last so that a refused registration does not use it up; the password is hashed
    // after it so that wrong codes cannot make the server spend argon2 time.
    await this.otp.consume({ mobile, purpose: 'register', code: body.verify_code, ip });
    const passwordHash = await hashPassword(body.password);
    const flags = await this.settings.getMany([
      'users.default_is_early',
      'users.default_transfer_enable',
      'users.default_event_gift_enable',
    ]);
    const deviceId = generateDeviceId();
    const token = await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      let insertedId: number | undefined;
      for (let attempt = 0; attempt < REFERRAL_CODE_ATTEMPTS && insertedId === undefined; attempt += 1) {
        insertedId = await insertUserIfFree(trx, {
          mobile,
          password_hash: passwordHash,
          nick_name: defaultNickName(),
          r_code: generateReferralCode(),
          referrer_level1_id: referrer.id,
          referrer_level2_id: referrer.referrer_level1_id,
          is_early: flags['users.default_is_early'] ? 1 : 0,
          is_transfer_enable: flags['users.default_transfer_enable'] ? 1 : 0,
          event_gift_enable: flags['users.default_event_gift_enable'] ? 1 : 0,
          created_at: now,
          updated_at: now,
        });
        // The insert also stops on a taken number: another registration of it won a race.
        if (insertedId === undefined && (await findUserByMobile(trx, mobile))) {
          throw new AppError(ResponseCode.conflict, AccountMessage.mobileRegistered);
        }
      }
      if (insertedId === undefined) throw new Error('Could not find a free referral code');
      await trustDevice(trx, insertedId, deviceId, now);
      const sessionToken = await this.sessions.create({ userId: insertedId, deviceId, ip }, trx);
      await this.audit.record(
        AccountAuditEvent.register,
        { userId: insertedId, mobile, ip, detail: { referrer_id: referrer.id } },
        trx,
      );
      return sessionToken;
    });
    return { code: 200, token, device_id: deviceId, msg: AccountMessage.registerSucceeded };
  }

  /**
   * POST /user/login. A wrong password answers the same failure whether or not the number exists. A trusted
   * device gets a token at once; an unknown one gets 403 with a device_id and a code sent to the account's
   * number, and the same login with that code trusts the device.
   */
  async login(body: LoginBody, ip: string | null): Promise<LoginResponse> {
    const mobile = body.mobile_number;
    const user = await findUserByMobile(this.db, mobile);
    // A device the account trusts is slowed only by its own failures: an attacker elsewhere (or behind the
    // same address) cannot keep the owner out.
    const trustedDeviceId =
      user && body.device_id && (await isDeviceTrusted(this.db, user.id, body.device_id))
        ? body.device_id
        : undefined;
    const scope: LoginThrottleScope =
      user && trustedDeviceId
        ? { kind: 'trusted_device', userId: user.id, deviceId: trustedDeviceId }
        : { kind: 'untrusted', mobile, ip };
    const claim = await this.loginThrottle.claim(scope);
    if (!claim.allowed) {
      await this.audit.recordRepeatable(AccountAuditEvent.loginRateLimited, {
        mobile,
        ip,
        detail: { by: claim.by, retry_after_ms: claim.retryAfterMs },
      });
      throw new AppError(ResponseCode.tooManyRequests, AccountMessage.loginRateLimited, {
        retry_after_seconds: Math.max(1, Math.ceil(claim.retryAfterMs / 1000)),
      });
    }
    const passwordMatches = await verifyPassword(
      user?.password_hash ?? (await dummyPasswordHash()),
      body.password,
    );
    if (!user || !passwordMatches) {
      await this.audit.recordRepeatable(AccountAuditEvent.loginFailed, {
        userId: user?.id ?? null,
        mobile,
        ip,
        detail: { reason: user ? 'wrong_password' : 'unknown_mobile', host: body.host ?? null },
      });
      throw new AppError(ResponseCode.badRequest, AccountMessage.loginFailed);
    }
    // Only the right password learns that the account is suspended; nobody else learns it exists.
    if (user.suspended_at !== null) {
      await this.audit.record(AccountAuditEvent.loginFailed, {
        userId: user.id,
        mobile,
        ip,
        detail: { reason: 'suspended', host: body.host ?? null },
      });
      throw new AppError(ResponseCode.badRequest, AccountMessage.accountSuspended);
    }
    await this.loginThrottle.succeeded(claim);
    const deviceId = body.device_id ?? generateDeviceId();
    if (!(await isDeviceTrusted(this.db, user.id, deviceId))) {
      await this.verifyNewDevice(user, deviceId, body.verify_code, ip);
    }
    const token = await this.db.transaction().execute(async (trx) => {
      await trustDevice(trx, user.id, deviceId, this.clock.now());
      const sessionToken = await this.sessions.create({ userId: user.id, deviceId, ip }, trx);
      await this.audit.record(
        AccountAuditEvent.loginSucceeded,
        { userId: user.id, mobile, ip, detail: { device_id: deviceId, host: body.host ?? null } },
        trx,
      );
      return sessionToken;
    });
    return { code: 200, token, device_id: deviceId, msg: AccountMessage.loginSucceeded };
  }

  /** PUT /user/reset_password: the number's reset code sets a new password and revokes every session. */
  async resetPassword(body: ResetPasswordBody, ip: string | null): Promise<MessageResponse> {
    const mobile = body.mobile_number;
    const user = await findUserByMobile(this.db, mobile);
    if (!user) throw new AppError(ResponseCode.notFound, AccountMessage.mobileNotRegistered);
    await this.otp.consume({
      mobile,
      purpose: 'reset_password',
      code: body.verify_code,
      ip,
      userId: user.id,
    });
    const passwordHash = await hashPassword(body.password);
    await this.db.transaction().execute(async (trx) => {
      await updatePasswordHash(trx, user.id, passwordHash, this.clock.now());
      const revoked = await this.sessions.revokeAllForUser(user.id, trx);
      await this.audit.record(
        AccountAuditEvent.passwordReset,
        { userId: user.id, mobile, ip, detail: { sessions_revoked: revoked } },
        trx,
      );
    });
    return { code: 200, msg: AccountMessage.resetSucceeded };
  }

  /** POST /user/logout: the calling session stops working at once. */
  async logout(caller: AuthenticatedUser, ip: string | null): Promise<MessageResponse> {
    await this.sessions.revoke(caller.sessionId);
    await this.audit.record(AccountAuditEvent.logout, {
      userId: caller.userId,
      ip,
      detail: { session_id: caller.sessionId },
    });
    return { code: 200, msg: AccountMessage.loggedOut };
  }

  /** Checks a user's login password (the shop's buy and the withdrawal ask for it again). */
  async checkPassword(userId: number, password: string): Promise<boolean> {
    const user = await findUserById(this.db, userId);
    return verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
  }

  /** The normalised mobile number of an account (where edit_bankcard codes are sent). */
  async mobileOf(userId: number): Promise<string | undefined> {
    return (await findUserById(this.db, userId))?.mobile;
  }

  private async verifyNewDevice(
    user: UserRow,
    deviceId: string,
    verifyCode: string | undefined,
    ip: string | null,
  ): Promise<void> {
    if (verifyCode === undefined) {
      // A repeated attempt within the resend wait keeps the code already on its way instead of failing.
      const outcome = await this.otp.send(
        { mobile: user.mobile, purpose: 'login', ip, userId: user.id, deviceId },
        { ifRecent: 'keep' },
      );
      await this.audit.record(AccountAuditEvent.loginVerificationRequired, {
        userId: user.id,
        mobile: user.mobile,
        ip,
        detail: { device_id: deviceId, code: outcome },
      });
      throw new AppError(ResponseCode.verificationRequired, AccountMessage.verificationRequired, {
        device_id: deviceId,
      });
    }
    await this.otp.consume({ mobile: user.mobile, purpose: 'login', code: verifyCode, ip, userId: user.id });
  }
}
