import { randomUUID } from 'node:crypto';
import { type MessageResponse, type TransferToBody, WalletMessage } from '@app/shared';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest, unauthorized } from '../../http/app-error.ts';
import { findUserById, lockUserRow } from '../accounts/accounts.repository.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import { userWallet } from '../ledger/ledger.kinds.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { IdempotencyScope } from './recharge.service.ts';
import { WalletAuditEvent } from './wallet-audit.ts';

/** The ledger reference type of a user-to-user transfer; its id names both users ("<from>-<to>"). */
export const USER_TRANSFER_REFERENCE_TYPE = 'user_transfer';

export interface TransferServiceDependencies {
  database: AppDatabase;
  ledger: LedgerService;
  idempotency: IdempotencyService;
  audit: AuditLog;
  /** needs_bet of the withdrawals module: the sender's unwagered part moves with the money. */
  wagering?: TransferWageringRequirement;
}

/** What a transfer needs of needs_bet (withdrawals module). */
export interface TransferWageringRequirement {
  carryWithTransfer(
    trx: Kysely<Database>,
    senderId: number,
    receiverId: number,
    amountMinor: number,
  ): Promise<number>;
}

/** User-to-user transfer (spec 02 "Transfer"). */
export class TransferService {
  constructor(private readonly dependencies: TransferServiceDependencies) {}

  /**
   * POST /user/transfer_to: only for a sender whose is_transfer_enable is set, never to oneself or an
   * unknown user, at most the balance; one ledger transfer in the same transaction as the stored answer.
   */
  async transfer(
    senderId: number,
    body: TransferToBody,
    scope: IdempotencyScope,
    ip: string | null,
  ): Promise<MessageResponse> {
    const { database, ledger, idempotency, audit, wagering } = this.dependencies;
    const result = await runInTransaction(database, (trx) =>
      idempotency.withIdempotency(
        trx,
        { userId: senderId, route: scope.route, key: scope.key, requestBody: body },
        async (): Promise<MessageResponse> => {
          const sender = await findUserById(trx, senderId);
          if (!sender) throw unauthorized();
          if (sender.is_transfer_enable !== 1) throw badRequest(WalletMessage.transferDisabled);
          if (body.user_id === senderId) throw badRequest(WalletMessage.transferToSelf);
          const receiver = await findUserById(trx, body.user_id);
          if (!receiver) throw badRequest(WalletMessage.transferUnknownUser);
          // needs_bet moves with the money (read on the sender's side, grown on the receiver's), so both
          // users' rows are locked before the ledger locks the wallets, in ascending id order so two opposite
          // transfers cannot deadlock: a withdrawal of either user then takes turns with this transfer
          // (WageringService's locking rule).
          for (const id of [senderId, receiver.id].sort((a, b) => a - b)) {
            await lockUserRow(trx, database.dialect, id);
          }
          // The HTTP key already makes the request once-only; each movement gets its own ledger key.
          const movement = await ledger.transfer(trx, {
            debit: userWallet(senderId),
            credit: userWallet(receiver.id),
            amountMinor: body.amount,
            kind: 'user_transfer',
            reference: { type: USER_TRANSFER_REFERENCE_TYPE, id: `${senderId}-${receiver.id}` },
            idempotencyKey: `user_transfer:${randomUUID()}`,
          });
          const carriedNeedsBetMinor =
            (await wagering?.carryWithTransfer(trx, senderId, receiver.id, body.amount)) ?? 0;
          await audit.record(
            WalletAuditEvent.userTransfer,
            {
              userId: senderId,
              ip,
              detail: {
                to_user_id: receiver.id,
                amount_minor: body.amount,
                ledger_transfer_id: movement.id,
                carried_needs_bet_minor: carriedNeedsBetMinor,
              },
            },
            trx,
          );
          return { code: 200, msg: WalletMessage.transferCompleted };
        },
      ),
    );
    return result.body;
  }
}
