import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type {
  SeamlessDebitBody,
  SeamlessOpenResponse,
  SeamlessRollbackBody,
  SeamlessWalletResponse,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, unauthorized } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { InsufficientBalanceError } from '../ledger/ledger.errors.ts';
import { systemAccount, userWallet } from '../ledger/ledger.kinds.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import {
  findOpenSession,
  findProviderByKey,
  findProviderTransaction,
  insertProviderTransaction,
  lockProviderTransaction,
  markRolledBack,
  openSession,
  wasRolledBackBefore,
} from './launcher.repository.ts';
import { newToken, tokenHash } from './launcher.service.ts';
import type { GameProviderRow, GameSessionRow } from './launcher.tables.ts';

export const SeamlessMessage = {
  badSignature: 'Invalid signature',
  unknownProvider: 'Unknown provider',
  badLaunchToken: 'The launch token is unknown, used or expired',
  badSession: 'Unknown session',
  insufficientBalance: 'Insufficient balance',
  replayMismatch: 'transaction_id was used for another request',
  rolledBack: 'transaction_id was rolled back before',
  notADebit: 'Only a debit can be rolled back',
} as const;

/** The ledger reference type of the launcher's transfers; its id is '<provider key>:<transaction id>'. */
export const LAUNCHER_REFERENCE_TYPE = 'launcher_tx';
export const launcherTransferKey = (providerId: number, txId: string) => `exg:${providerId}:${txId}`;
export const launcherRollbackKey = (providerId: number, debitTxId: string) =>
  `exg:${providerId}:${debitTxId}:rollback`;

/** Hex HMAC-SHA256 of a raw body with a provider's secret: how both sides sign seamless-wallet calls. */
export function signSeamlessBody(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

function requestHash(parts: readonly (string | number)[]): string {
  return createHash('sha256').update(parts.join('|')).digest('hex');
}

/**
 * Our side of the seamless-wallet API (DESIGN.md §3): providers reach the player's wallet with balance,
 * debit, credit and rollback, each call signed with the provider's HMAC key and idempotent by the
 * provider's transaction id. A debit is a ledger transfer from the wallet to the external-games account
 * (EXGB), a credit the other way (EXGW), a rollback gives a debit back (EXGR) at most once; a rollback of an
 * unknown transaction is recorded, so that debit is refused if it ever arrives.
 */
export class SeamlessWalletService {
  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
    private readonly currency: string,
  ) {}

  /** The provider whose key the path names, after checking the body's signature with its secret. */
  async verify(
    providerKey: string,
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<GameProviderRow> {
    const provider = await findProviderByKey(this.database.db, providerKey);
    if (!provider || Number(provider.is_enabled) !== 1)
      throw new AppError(403, SeamlessMessage.unknownProvider);
    const expected = Buffer.from(signSeamlessBody(provider.secret, rawBody), 'hex');
    const presented = /^[0-9a-f]{64}$/i.test(signature ?? '')
      ? Buffer.from(signature ?? '', 'hex')
      : Buffer.alloc(0);
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      throw new AppError(403, SeamlessMessage.badSignature);
    }
    return provider;
  }

  /** open: exchanges the one-time launch token for a session token. */
  async open(provider: GameProviderRow, launchToken: string): Promise<SeamlessOpenResponse> {
    const session = newToken();
    const opened = await openSession(this.database.db, {
      providerId: Number(provider.id),
      launchTokenHash: tokenHash(launchToken),
      sessionTokenHash: tokenHash(session),
      now: this.clock.now(),
    });
    if (!opened) throw badRequest(SeamlessMessage.badLaunchToken);
    const user = await this.database.db
      .selectFrom('users')
      .select('nick_name')
      .where('id', '=', opened.user_id)
      .executeTakeFirstOrThrow();
    return {
      ...(await this.answer(this.database.db, Number(opened.user_id))),
      session,
      player_id: Number(opened.user_id),
      nick_name: user.nick_name,
    };
  }

  /** balance. */
  async balance(provider: GameProviderRow, sessionToken: string): Promise<SeamlessWalletResponse> {
    const session = await this.session(provider, sessionToken);
    return this.answer(this.database.db, Number(session.user_id));
  }

  /** debit and credit: one ledger transfer per provider transaction id, whatever the retries. */
  async move(
    provider: GameProviderRow,
    kind: 'debit' | 'credit',
    body: SeamlessDebitBody,
  ): Promise<SeamlessWalletResponse> {
    const session = await this.session(provider, body.session);
    const userId = Number(session.user_id);
    const providerId = Number(provider.id);
    const hash = requestHash([kind, body.amount_minor, body.round_id, userId]);
    return runInTransaction(this.database, async (trx) => {
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
        created_at: this.clock.now(),
      });
      if (!inserted) return this.replay(trx, providerId, body.transaction_id, hash, userId);
      if (kind === 'debit' && (await wasRolledBackBefore(trx, providerId, body.transaction_id))) {
        throw badRequest(SeamlessMessage.rolledBack);
      }
      const external = systemAccount('external_games');
      const wallet = userWallet(userId);
      try {
        await this.ledger.transfer(trx, {
          debit: kind === 'debit' ? wallet : external,
          credit: kind === 'debit' ? external : wallet,
          amountMinor: body.amount_minor,
          kind: kind === 'debit' ? 'launcher_debit' : 'launcher_credit',
          reference: { type: LAUNCHER_REFERENCE_TYPE, id: `${provider.key}:${body.transaction_id}` },
          idempotencyKey: launcherTransferKey(providerId, body.transaction_id),
        });
      } catch (error) {
        // The whole transaction rolls back, the transaction id too: a retry after a recharge can succeed.
        if (error instanceof InsufficientBalanceError) throw badRequest(SeamlessMessage.insufficientBalance);
        throw error;
      }
      return { ...(await this.answer(trx, userId)), status: 'ok' as const };
    });
  }

  /** rollback: gives a debit back at most once; an unknown transaction is recorded and answered not_found. */
  async rollback(provider: GameProviderRow, body: SeamlessRollbackBody): Promise<SeamlessWalletResponse> {
    const session = await this.session(provider, body.session);
    const userId = Number(session.user_id);
    const providerId = Number(provider.id);
    const hash = requestHash(['rollback', body.reference_transaction_id, userId]);
    return runInTransaction(this.database, async (trx) => {
      const debit = await lockProviderTransaction(
        trx,
        this.database.dialect,
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
        created_at: this.clock.now(),
      });
      if (!inserted) return this.replay(trx, providerId, body.transaction_id, hash, userId);
      if (!debit) return { ...(await this.answer(trx, userId)), status: 'not_found' as const };
      // The debit's row is locked, so only one rollback of it ever gets past this line.
      if (!(await markRolledBack(trx, Number(debit.id)))) {
        return { ...(await this.answer(trx, userId)), status: 'duplicate' as const };
      }
      await this.ledger.transfer(trx, {
        debit: systemAccount('external_games'),
        credit: userWallet(userId),
        amountMinor: Number(debit.amount_minor),
        kind: 'launcher_rollback',
        reference: { type: LAUNCHER_REFERENCE_TYPE, id: `${provider.key}:${body.reference_transaction_id}` },
        idempotencyKey: launcherRollbackKey(providerId, body.reference_transaction_id),
      });
      return { ...(await this.answer(trx, userId)), status: 'ok' as const };
    });
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

  private async session(provider: GameProviderRow, sessionToken: string): Promise<GameSessionRow> {
    const session = await findOpenSession(this.database.db, Number(provider.id), tokenHash(sessionToken));
    if (!session) throw unauthorized(SeamlessMessage.badSession);
    return session;
  }

  private async answer(db: Kysely<Database>, userId: number): Promise<SeamlessWalletResponse> {
    return { code: 200, balance_minor: await this.ledger.balanceMinor(db, userId), currency: this.currency };
  }
}
