import {
  type ApprovalRequestedResponse,
  minorToDecimalString,
  OperatorUserMessage,
  type PlayerAdjustmentBody,
  type PlayerAdjustmentDirection,
} from '@app/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { lockUserRow } from '../accounts/accounts.repository.ts';
import type { ApprovalContext, ApprovalService } from '../approvals/approvals.service.ts';
import { InsufficientBalanceError } from '../ledger/ledger.errors.ts';
import { systemAccount, userWallet } from '../ledger/ledger.kinds.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { OperatorPrincipal } from '../operators/operator-context.ts';
import { findOperatorUser } from '../profile/profile-operator.repository.ts';
import type { WageringService } from '../withdrawals/wagering.service.ts';

/** The ledger reference of a hand recharge or recharge cancel: the approval request that made it. */
export const PLAYER_ADJUSTMENT_REFERENCE_TYPE = 'approval_request';
export const playerAdjustmentKey = (requestId: number) => `approval:${requestId}:adjustment`;

/** The message of a recharge cancel larger than what the player has. */
export const ADJUSTMENT_BALANCE_TOO_LOW = "The player's balance is below the amount to take back";

const adjustmentPayload = z.object({
  user_id: z.number().int().positive(),
  direction: z.enum(['credit', 'debit']),
  amount_minor: z.number().int().positive(),
});
type AdjustmentPayload = z.output<typeof adjustmentPayload>;

const DIRECTION_LABEL: Record<PlayerAdjustmentDirection, string> = {
  credit: 'Hand recharge (HRE)',
  debit: 'Recharge cancel (HREC)',
};

/**
 * Hand recharges (HRE: money an operator credits by hand, e.g. a payment received outside any gateway) and
 * recharge cancels (HREC: money taken back), spec 02 §3's transaction types. Neither is ever done by one
 * operator: asking stores a request, and only a second operator's approval moves the money, through the
 * ledger's operator_adjustments account. A hand recharge adds to needs_bet as a recharge does.
 */
export class PlayerAdjustmentService {
  constructor(
    private readonly database: AppDatabase,
    private readonly ledger: LedgerService,
    private readonly wagering: WageringService,
    private readonly approvals: ApprovalService,
  ) {
    approvals.register({
      kind: 'player.adjust',
      payloadSchema: adjustmentPayload,
      execute: (trx, payload, context) => this.execute(trx, payload, context),
    });
  }

  /** POST /admin/api/users/:id/adjustments: asks for a hand recharge or cancel (HTTP 202). */
  async request(
    userId: number,
    body: PlayerAdjustmentBody,
    requester: OperatorPrincipal,
  ): Promise<ApprovalRequestedResponse> {
    const user = await findOperatorUser(this.database.db, userId);
    if (!user) throw notFound(OperatorUserMessage.userNotFound);
    const payload: AdjustmentPayload = {
      user_id: userId,
      direction: body.direction,
      amount_minor: body.amount,
    };
    return this.approvals.request(
      {
        kind: 'player.adjust',
        payload,
        summary: `${DIRECTION_LABEL[body.direction]} of ${minorToDecimalString(body.amount)} for user ${userId} (${user.mobile})`,
        details: {
          user_id: userId,
          mobile: user.mobile,
          nick_name: user.nick_name,
          direction: body.direction,
          type: body.direction === 'credit' ? 'HRE' : 'HREC',
          amount: minorToDecimalString(body.amount),
        },
        amountMinor: body.amount,
        userId,
        approverRoles: ['finance'],
        reason: body.reason,
      },
      requester,
    );
  }

  private async execute(
    trx: Kysely<Database>,
    payload: AdjustmentPayload,
    context: ApprovalContext,
  ): Promise<Record<string, unknown>> {
    const userId = payload.user_id;
    // The user's row first, then the ledger (the locking rule of WageringService).
    if (!(await lockUserRow(trx, this.database.dialect, userId)))
      throw notFound(OperatorUserMessage.userNotFound);
    const wallet = userWallet(userId);
    const adjustments = systemAccount('operator_adjustments');
    try {
      const transfer = await this.ledger.transfer(trx, {
        debit: payload.direction === 'credit' ? adjustments : wallet,
        credit: payload.direction === 'credit' ? wallet : adjustments,
        amountMinor: payload.amount_minor,
        kind: payload.direction === 'credit' ? 'manual_recharge' : 'recharge_cancel',
        reference: { type: PLAYER_ADJUSTMENT_REFERENCE_TYPE, id: context.requestId },
        idempotencyKey: playerAdjustmentKey(context.requestId),
      });
      // Money put in by hand is wagered like recharged money. Money taken back leaves needs_bet as it is:
      // a cancel corrects a payment, it does not release the player from wagering what they still hold.
      const addedNeedsBetMinor =
        payload.direction === 'credit'
          ? await this.wagering.addForRecharge(trx, userId, payload.amount_minor)
          : 0;
      return {
        transfer_id: transfer.id,
        balance: minorToDecimalString(await this.ledger.balanceMinor(trx, userId)),
        needs_bet_added: minorToDecimalString(addedNeedsBetMinor),
      };
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw badRequest(ADJUSTMENT_BALANCE_TOO_LOW);
      throw error;
    }
  }
}
