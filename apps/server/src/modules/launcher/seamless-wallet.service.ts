import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  type AlertKind,
  getMarket,
  type MarketCode,
  minorToDecimalString,
  SEAMLESS_CALL_WINDOW_MS,
  SEAMLESS_NONCE_PATTERN,
  SEAMLESS_TIMESTAMP_PATTERN,
  type SeamlessDebitBody,
  type SeamlessOpenResponse,
  type SeamlessRollbackBody,
  type SeamlessWalletResponse,
  seamlessSignedPrefix,
  zonedDateTime,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, unauthorized } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import { lockUserRow } from '../accounts/accounts.repository.ts';
import { SESSION_IDLE_TIMEOUT_MS } from '../accounts/session.service.ts';
import type { AlertService } from '../approvals/alerts.service.ts';
import { InsufficientBalanceError } from '../ledger/ledger.errors.ts';
import { systemAccount, userWallet } from '../ledger/ledger.kinds.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import {
  addDailyPayout,
  addRoundDebit,
  findProviderByKey,
  findProviderTransaction,
  findSessionWithAccess,
  insertProviderTransaction,
  lockDailyPayout,
  lockProviderTransaction,
  lockRound,
  markRolledBack,
  openSession,
  pruneCallNonces,
  recordCallNonce,
  type SessionWithAccess,
  setNeedsBetReduced,
  setRoundTotals,
  wasRolledBackBefore,
} from './launcher.repository.ts';
import { newToken, tokenHash } from './launcher.service.ts';
import type { GameProviderRow } from './launcher.tables.ts';
import { PROVIDER_SECRET_PURPOSE } from './provider-secrets.ts';

export const SeamlessMessage = {
  badSignature: 'Invalid signature',
  unknownProvider: 'Unknown provider',
  badFreshness:
    'x-seamless-timestamp (epoch milliseconds) and x-seamless-nonce (16-64 letters, digits, _ or -) are required',
  staleCall: 'The call’s timestamp is more than 5 minutes from the wallet’s clock',
  nonceReused: 'This nonce was used before',
  badLaunchToken: 'The launch token is unknown, used or expired',
  badSession: 'Unknown session',
  sessionEnded: 'The session has ended',
  insufficientBalance: 'Insufficient balance',
  replayMismatch: 'transaction_id was used for another request',
  rolledBack: 'transaction_id was rolled back before',
  notADebit: 'Only a debit can be rolled back',
  roundOfAnotherSession: 'round_id belongs to another session',
  creditWithoutDebit: 'A credit needs a debit of the same session and round',
  roundCapReached: 'The round’s credits would exceed its debits × the provider’s maximum multiplier',
  rollbackAfterCredit: 'The round’s credits would exceed its remaining debits × the maximum multiplier',
  payoutCapReached: 'The provider’s daily payout cap is reached',
} as const;

/** The ledger reference type of the launcher's transfers; its id is '<provider key>:<transaction id>'. */
export const LAUNCHER_REFERENCE_TYPE = 'launcher_tx';
export const launcherTransferKey = (providerId: number, txId: string) => `exg:${providerId}:${txId}`;
export const launcherRollbackKey = (providerId: number, debitTxId: string) =>
  `exg:${providerId}:${debitTxId}:rollback`;

/** How often the nonces whose calls left the window are deleted. */
export const NONCE_PRUNE_INTERVAL_MS = 60_000;

/**
 * Hex HMAC-SHA256 with a provider's secret of `<timestamp>.<nonce>.<raw body>`: how both sides sign
 * seamless-wallet calls (the timestamp and nonce travel in their own headers).
 */
export function signSeamlessCall(
  secret: string,
  timestamp: string,
  nonce: string,
  rawBody: Buffer | string,
): string {
  return createHmac('sha256', secret)
    .update(seamlessSignedPrefix(timestamp, nonce))
    .update(rawBody)
    .digest('hex');
}

function requestHash(parts: readonly (string | number)[]): string {
  return createHash('sha256').update(parts.join('|')).digest('hex');
}

/** The headers a signed call carries (each undefined when absent). */
export interface SeamlessCallHeaders {
  readonly signature: string | undefined;
  readonly timestamp: string | undefined;
  readonly nonce: string | undefined;
}

/** A refusal by a cap: answered like any protocol error, after its alert is raised outside the transaction. */
class ProviderCapRefusal extends AppError {
  constructor(
    message: string,
    readonly alert: {
      kind: AlertKind;
      summary: string;
      details: Record<string, unknown>;
      dedupeKey: string;
    },
  ) {
    super(403, message);
  }
}

/** What the wallet needs of needs_bet (WageringService): wins add to it, stakes take off it. */
export interface LauncherWagering {
  needsBetMinor(db: Kysely<Database>, userId: number): Promise<number>;
  addForRecharge(trx: Kysely<Database>, userId: number, amountMinor: number): Promise<number>;
  add(trx: Kysely<Database>, userId: number, amountMinor: number): Promise<void>;
  reduceForBet(trx: Kysely<Database>, userId: number, stakeMinor: number): Promise<number>;
}

export interface SeamlessWalletDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  currency: string;
  market: MarketCode;
  secrets: SecretBox;
  wagering: LauncherWagering;
  alerts: AlertService;
}

/**
 * Our side of the seamless-wallet API (DESIGN.md §3): providers reach the player's wallet with balance,
 * debit, credit and rollback, each call signed with the provider's HMAC key over a timestamp (within 5
 * minutes of our clock) and a nonce (used once), and idempotent by the provider's transaction id. A debit is a
 * ledger transfer from the wallet to the external-games account (EXGB), a credit the other way (EXGW), a
 * rollback gives a debit back (EXGR) at most once; a rollback of an unknown transaction is recorded, so that
 * debit is refused if it ever arrives.
 *
 * Controls that hold even when both approvers of a provider were wrong (DESIGN.md §2 "Operator money
 * controls"): every call re-reads that the player's login session behind the launch is live, the player is
 * not suspended and has early access, and the game and provider are enabled and approved; a credit needs a
 * debit of its session and round, a round's credits stay within its debits × the provider's maximum
 * multiplier, and the provider's net payout of the market day within its daily cap. A credit adds to
 * needs_bet as recharged money does; a debit is a stake and takes off it (its rollback gives that back).
 *
 * Locks, in this order on every path: the player's row (WageringService's rule), the provider transaction,
 * the round's row, the provider's row of the day, then the ledger's accounts. So parallel credits of a round
 * or of a provider's day take turns and cannot pass a cap together.
 */
export class SeamlessWalletService {
  constructor(private readonly dependencies: SeamlessWalletDependencies) {}

  /**
   * The provider whose key the path names, after checking the call's signature with its secret, its
   * timestamp against our clock, and that its nonce is new (recorded atomically: of two calls with one
   * nonce, one is refused).
   */
  async verify(providerKey: string, rawBody: Buffer, headers: SeamlessCallHeaders): Promise<GameProviderRow> {
    const { database, clock, secrets } = this.dependencies;
    const provider = await findProviderByKey(database.db, providerKey);
    if (!provider || Number(provider.is_enabled) !== 1 || provider.approved_at === null) {
      throw new AppError(403, SeamlessMessage.unknownProvider);
    }
    const { timestamp, nonce, signature } = headers;
    if (
      timestamp === undefined ||
      nonce === undefined ||
      !SEAMLESS_TIMESTAMP_PATTERN.test(timestamp) ||
      !SEAMLESS_NONCE_PATTERN.test(nonce)
    ) {
      throw new AppError(403, SeamlessMessage.badFreshness);
    }
    const secret = secrets.open(provider.secret, PROVIDER_SECRET_PURPOSE);
    const expected = Buffer.from(signSeamlessCall(secret, timestamp, nonce, rawBody), 'hex');
    const presented = /^[0-9a-f]{64}$/i.test(signature ?? '')
      ? Buffer.from(signature ?? '', 'hex')
      : Buffer.alloc(0);
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      throw new AppError(403, SeamlessMessage.badSignature);
    }
    const signedAt = Number(timestamp);
    if (Math.abs(clock.now() - signedAt) > SEAMLESS_CALL_WINDOW_MS) {
      throw new AppError(403, SeamlessMessage.staleCall);
    }
    const fresh = await recordCallNonce(database.db, {
      providerId: Number(provider.id),
      nonce,
      expiresAt: signedAt + SEAMLESS_CALL_WINDOW_MS,
    });
    if (!fresh) throw new AppError(403, SeamlessMessage.nonceReused);
    return provider;
  }

  /** Deletes the nonces whose calls are out of the window (a replay of those is refused by its timestamp). */
  pruneNonces(): Promise<number> {
    return pruneCallNonces(this.dependencies.database.db, this.dependencies.clock.now());
  }

  /** open: exchanges the one-time launch token for a session token, while the player's access lasts. */
  async open(provider: GameProviderRow, launchToken: string): Promise<SeamlessOpenResponse> {
    const { database, clock } = this.dependencies;
    const session = newToken();
    const providerId = Number(provider.id);
    return runInTransaction(database, async (trx) => {
      const opened = await openSession(trx, {
        providerId,
        launchTokenHash: tokenHash(launchToken),
        sessionTokenHash: tokenHash(session),
        now: clock.now(),
      });
      if (!opened) throw badRequest(SeamlessMessage.badLaunchToken);
      // A refusal rolls the opening back with it; the launch cannot be used by anyone anyway.
      this.assertLive(
        await findSessionWithAccess(trx, providerId, {
          column: 'session_token_hash',
          hash: tokenHash(session),
        }),
      );
      const user = await trx
        .selectFrom('users')
        .select('nick_name')
        .where('id', '=', opened.user_id)
        .executeTakeFirstOrThrow();
      return {
        ...(await this.answer(trx, Number(opened.user_id))),
        session,
        player_id: Number(opened.user_id),
        nick_name: user.nick_name,
      };
    });
  }

  /** balance. */
  async balance(provider: GameProviderRow, sessionToken: string): Promise<SeamlessWalletResponse> {
    const { db } = this.dependencies.database;
    const session = this.assertLive(
      await findSessionWithAccess(db, Number(provider.id), {
        column: 'session_token_hash',
        hash: tokenHash(sessionToken),
      }),
    );
    return this.answer(db, Number(session.user_id));
  }

  /** debit and credit: one ledger transfer per provider transaction id, whatever the retries. */
  async move(
    provider: GameProviderRow,
    kind: 'debit' | 'credit',
    body: SeamlessDebitBody,
  ): Promise<SeamlessWalletResponse> {
    const { database, clock, ledger } = this.dependencies;
    const providerId = Number(provider.id);
    return this.refusingWithAlerts(() =>
      runInTransaction(database, async (trx) => {
        const session = await this.lockLiveSession(trx, providerId, body.session);
        const userId = Number(session.user_id);
        const now = clock.now();
        const hash = requestHash([kind, body.amount_minor, body.round_id, userId]);
        const inserted = await insertProviderTransaction(trx, {
          provider_id: providerId,
          provider_tx_id: body.transaction_id,
          user_id: userId,
          session_id: Number(session.id),
          kind,
          amount_minor: body.amount_minor,
          round_id: body.round_id,
          reference_tx_id: null,
          status: 'ok',
          request_hash: hash,
          created_at: now,
        });
        if (inserted === undefined) return this.replay(trx, providerId, body.transaction_id, hash, userId);
        if (kind === 'debit') {
          await this.recordDebit(trx, provider, session, body, now);
        } else {
          await this.checkAndRecordCredit(trx, provider, session, body, now);
        }
        const external = systemAccount('external_games');
        const wallet = userWallet(userId);
        try {
          await ledger.transfer(trx, {
            debit: kind === 'debit' ? wallet : external,
            credit: kind === 'debit' ? external : wallet,
            amountMinor: body.amount_minor,
            kind: kind === 'debit' ? 'launcher_debit' : 'launcher_credit',
            reference: { type: LAUNCHER_REFERENCE_TYPE, id: `${provider.key}:${body.transaction_id}` },
            idempotencyKey: launcherTransferKey(providerId, body.transaction_id),
          });
        } catch (error) {
          // The whole transaction rolls back, the transaction id too: a retry after a recharge can succeed.
          if (error instanceof InsufficientBalanceError) {
            throw badRequest(SeamlessMessage.insufficientBalance);
          }
          throw error;
        }
        await this.applyWagering(trx, kind, userId, body.amount_minor, inserted);
        return { ...(await this.answer(trx, userId)), status: 'ok' as const };
      }),
    );
  }

  /** rollback: gives a debit back at most once; an unknown transaction is recorded and answered not_found. */
  async rollback(provider: GameProviderRow, body: SeamlessRollbackBody): Promise<SeamlessWalletResponse> {
    const { database, clock, ledger, wagering } = this.dependencies;
    const providerId = Number(provider.id);
    return this.refusingWithAlerts(() =>
      runInTransaction(database, async (trx) => {
        const session = await this.lockLiveSession(trx, providerId, body.session);
        const userId = Number(session.user_id);
        const now = clock.now();
        const hash = requestHash(['rollback', body.reference_transaction_id, userId]);
        const debit = await lockProviderTransaction(
          trx,
          database.dialect,
          providerId,
          body.reference_transaction_id,
        );
        if (debit && (debit.kind !== 'debit' || Number(debit.user_id) !== userId)) {
          throw badRequest(SeamlessMessage.notADebit);
        }
        const inserted = await insertProviderTransaction(trx, {
          provider_id: providerId,
          provider_tx_id: body.transaction_id,
          user_id: userId,
          session_id: Number(session.id),
          kind: 'rollback',
          amount_minor: debit ? Number(debit.amount_minor) : 0,
          round_id: debit?.round_id ?? '-',
          reference_tx_id: body.reference_transaction_id,
          status: debit ? 'ok' : 'not_found',
          request_hash: hash,
          created_at: now,
        });
        if (inserted === undefined) return this.replay(trx, providerId, body.transaction_id, hash, userId);
        if (!debit) return { ...(await this.answer(trx, userId)), status: 'not_found' as const };
        // The debit's row is locked, so only one rollback of it ever gets past this line.
        if (!(await markRolledBack(trx, Number(debit.id)))) {
          return { ...(await this.answer(trx, userId)), status: 'duplicate' as const };
        }
        const amountMinor = Number(debit.amount_minor);
        await this.takeDebitOffRound(trx, provider, session, debit.round_id, amountMinor, now);
        await addDailyPayout(trx, {
          providerId,
          day: this.marketDay(now),
          deltaMinor: amountMinor,
          now,
        });
        await ledger.transfer(trx, {
          debit: systemAccount('external_games'),
          credit: userWallet(userId),
          amountMinor,
          kind: 'launcher_rollback',
          reference: {
            type: LAUNCHER_REFERENCE_TYPE,
            id: `${provider.key}:${body.reference_transaction_id}`,
          },
          idempotencyKey: launcherRollbackKey(providerId, body.reference_transaction_id),
        });
        // A stake given back was never wagered: what its debit took off needs_bet goes back on.
        await wagering.add(trx, userId, Number(debit.needs_bet_reduced_minor));
        return { ...(await this.answer(trx, userId)), status: 'ok' as const };
      }),
    );
  }

  /** A debit joins its round (made for this session if new) and lowers the provider's net payout of the day. */
  private async recordDebit(
    trx: Kysely<Database>,
    provider: GameProviderRow,
    session: SessionWithAccess,
    body: SeamlessDebitBody,
    now: number,
  ): Promise<void> {
    const providerId = Number(provider.id);
    if (await wasRolledBackBefore(trx, providerId, body.transaction_id)) {
      throw badRequest(SeamlessMessage.rolledBack);
    }
    const joined = await addRoundDebit(trx, {
      providerId,
      roundId: body.round_id,
      sessionId: Number(session.id),
      userId: Number(session.user_id),
      amountMinor: body.amount_minor,
      now,
    });
    if (!joined) throw badRequest(SeamlessMessage.roundOfAnotherSession);
    await addDailyPayout(trx, {
      providerId,
      day: this.marketDay(now),
      deltaMinor: -body.amount_minor,
      now,
    });
  }

  /**
   * The caps of a credit, each checked on a locked row: a debit of the same session and round, the round's
   * credits within its debits × the maximum multiplier (in integers: credits × 100 ≤ debits × hundredths),
   * and the provider's net payout of the market day within its daily cap. Then both totals grow.
   */
  private async checkAndRecordCredit(
    trx: Kysely<Database>,
    provider: GameProviderRow,
    session: SessionWithAccess,
    body: SeamlessDebitBody,
    now: number,
  ): Promise<void> {
    const { database } = this.dependencies;
    const providerId = Number(provider.id);
    const multiplierHundredths = Number(session.provider_max_multiplier_hundredths);
    const round = await lockRound(trx, database.dialect, providerId, body.round_id);
    const roundDetails = {
      provider: provider.key,
      round_id: body.round_id,
      transaction_id: body.transaction_id,
      user_id: Number(session.user_id),
      credit: minorToDecimalString(body.amount_minor),
      debited: minorToDecimalString(round ? Number(round.debited_minor) : 0),
      credited_before: minorToDecimalString(round ? Number(round.credited_minor) : 0),
      max_multiplier: minorToDecimalString(multiplierHundredths),
    };
    const roundAlert = (summary: string) => ({
      kind: 'provider_round_cap' as const,
      summary,
      details: roundDetails,
      dedupeKey: `provider_round_cap:${providerId}:${body.round_id}`,
    });
    if (!round || Number(round.session_id) !== Number(session.id) || Number(round.debited_minor) === 0) {
      throw new ProviderCapRefusal(
        SeamlessMessage.creditWithoutDebit,
        roundAlert(
          `Provider ${provider.key} credited ${roundDetails.credit} in round ${body.round_id} without a debit of that session and round`,
        ),
      );
    }
    const creditedMinor = Number(round.credited_minor) + body.amount_minor;
    if (!withinMultiplier(creditedMinor, Number(round.debited_minor), multiplierHundredths)) {
      throw new ProviderCapRefusal(
        SeamlessMessage.roundCapReached,
        roundAlert(
          `Provider ${provider.key} credited ${minorToDecimalString(creditedMinor)} in round ${body.round_id} on debits of ${roundDetails.debited} (maximum ${roundDetails.max_multiplier}×)`,
        ),
      );
    }
    const day = this.marketDay(now);
    const capMinor = Number(session.provider_daily_payout_cap_minor);
    const netMinor = await lockDailyPayout(trx, database.dialect, { providerId, day, now });
    if (netMinor + body.amount_minor > capMinor) {
      throw new ProviderCapRefusal(SeamlessMessage.payoutCapReached, {
        kind: 'provider_payout_cap',
        summary: `Provider ${provider.key} reached its daily payout cap of ${minorToDecimalString(capMinor)} on ${day} (a credit of ${minorToDecimalString(body.amount_minor)} refused)`,
        details: {
          provider: provider.key,
          day,
          net_payout: minorToDecimalString(netMinor),
          refused_credit: minorToDecimalString(body.amount_minor),
          daily_payout_cap: minorToDecimalString(capMinor),
          round_id: body.round_id,
          transaction_id: body.transaction_id,
          user_id: Number(session.user_id),
        },
        dedupeKey: `provider_payout_cap:${providerId}:${day}`,
      });
    }
    await setRoundTotals(trx, Number(round.id), {
      debitedMinor: Number(round.debited_minor),
      creditedMinor,
      now,
    });
    await addDailyPayout(trx, { providerId, day, deltaMinor: body.amount_minor, now });
  }

  /** A rolled-back debit leaves its round, unless the round's credits would then be above its cap. */
  private async takeDebitOffRound(
    trx: Kysely<Database>,
    provider: GameProviderRow,
    session: SessionWithAccess,
    roundId: string,
    amountMinor: number,
    now: number,
  ): Promise<void> {
    const providerId = Number(provider.id);
    const round = await lockRound(trx, this.dependencies.database.dialect, providerId, roundId);
    if (!round) throw new Error(`invariant: the round ${roundId} of a recorded debit is missing`);
    const debitedMinor = Number(round.debited_minor) - amountMinor;
    if (debitedMinor < 0) throw new Error(`invariant: round ${round.id} would have negative debits`);
    const creditedMinor = Number(round.credited_minor);
    const multiplierHundredths = Number(session.provider_max_multiplier_hundredths);
    if (creditedMinor > 0 && !withinMultiplier(creditedMinor, debitedMinor, multiplierHundredths)) {
      throw new ProviderCapRefusal(SeamlessMessage.rollbackAfterCredit, {
        kind: 'provider_round_cap',
        summary: `Provider ${provider.key} asked to roll back a debit of round ${roundId}, which already paid ${minorToDecimalString(creditedMinor)}`,
        details: {
          provider: provider.key,
          round_id: roundId,
          user_id: Number(session.user_id),
          rollback: minorToDecimalString(amountMinor),
          debited: minorToDecimalString(Number(round.debited_minor)),
          credited: minorToDecimalString(creditedMinor),
          max_multiplier: minorToDecimalString(multiplierHundredths),
        },
        dedupeKey: `provider_round_cap:${providerId}:${roundId}`,
      });
    }
    await setRoundTotals(trx, Number(round.id), { debitedMinor, creditedMinor, now });
  }

  /**
   * needs_bet: a win adds to it as recharged money does; a stake takes off it as the other games' settled
   * stakes do (noted on the debit, so its rollback gives back exactly that). The player's row is locked.
   */
  private async applyWagering(
    trx: Kysely<Database>,
    kind: 'debit' | 'credit',
    userId: number,
    amountMinor: number,
    transactionRowId: number,
  ): Promise<void> {
    const { wagering } = this.dependencies;
    if (kind === 'credit') {
      await wagering.addForRecharge(trx, userId, amountMinor);
      return;
    }
    const beforeMinor = await wagering.needsBetMinor(trx, userId);
    const afterMinor = await wagering.reduceForBet(trx, userId, amountMinor);
    if (beforeMinor > afterMinor) await setNeedsBetReduced(trx, transactionRowId, beforeMinor - afterMinor);
  }

  /**
   * The seamless session of a call that moves money, with its player's row locked first (a suspension
   * writes that row, so it is seen here or waits for this call) and its access read again after the lock.
   */
  private async lockLiveSession(
    trx: Kysely<Database>,
    providerId: number,
    sessionToken: string,
  ): Promise<SessionWithAccess> {
    const token = { column: 'session_token_hash' as const, hash: tokenHash(sessionToken) };
    const found = await findSessionWithAccess(trx, providerId, token);
    if (!found) throw unauthorized(SeamlessMessage.badSession);
    await lockUserRow(trx, this.dependencies.database.dialect, Number(found.user_id));
    return this.assertLive(await findSessionWithAccess(trx, providerId, token));
  }

  /**
   * A session whose access lasts: its player's login session unrevoked and used within the idle timeout, the
   * player not suspended and with early access, its game and provider enabled and approved. Otherwise the
   * provider is told the session ended (401), and nothing moves.
   */
  private assertLive(session: SessionWithAccess | undefined): SessionWithAccess {
    if (!session) throw unauthorized(SeamlessMessage.badSession);
    const now = this.dependencies.clock.now();
    const live =
      session.login_id !== null &&
      session.login_revoked_at === null &&
      session.login_last_used_at !== null &&
      now - Number(session.login_last_used_at) < SESSION_IDLE_TIMEOUT_MS &&
      session.user_suspended_at === null &&
      Number(session.user_is_early) === 1 &&
      Number(session.game_is_enabled) === 1 &&
      Number(session.provider_is_enabled) === 1 &&
      session.provider_approved_at !== null;
    if (!live) throw unauthorized(SeamlessMessage.sessionEnded);
    return session;
  }

  /** Runs a call; a cap's refusal raises its alert (after its transaction rolled back) and is answered. */
  private async refusingWithAlerts<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProviderCapRefusal) {
        await this.dependencies.alerts.raise({ ...error.alert, severity: 'critical' });
      }
      throw error;
    }
  }

  private async replay(
    trx: Kysely<Database>,
    providerId: number,
    txId: string,
    hash: string,
    userId: number,
  ): Promise<SeamlessWalletResponse> {
    const existing = await findProviderTransaction(trx, providerId, txId);
    if (!existing || existing.request_hash !== hash) throw new AppError(409, SeamlessMessage.replayMismatch);
    return { ...(await this.answer(trx, userId)), status: 'duplicate' };
  }

  private async answer(db: Kysely<Database>, userId: number): Promise<SeamlessWalletResponse> {
    const { ledger, currency } = this.dependencies;
    return { code: 200, balance_minor: await ledger.balanceMinor(db, userId), currency };
  }

  /** The market's calendar day of a time, as YYYY-MM-DD (the day a daily payout cap counts). */
  private marketDay(now: number): string {
    const date = zonedDateTime(now, getMarket(this.dependencies.market).timeZone);
    return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
  }
}

/**
 * Whether a round's credits are within its debits × the maximum multiplier (given in hundredths), in exact
 * integers: credits × 100 ≤ debits × hundredths, computed as BigInt so no product can overflow.
 */
export function withinMultiplier(creditedMinor: number, debitedMinor: number, multiplierHundredths: number) {
  return BigInt(creditedMinor) * 100n <= BigInt(debitedMinor) * BigInt(multiplierHundredths);
}
