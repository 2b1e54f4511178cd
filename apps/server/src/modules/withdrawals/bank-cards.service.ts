import {
  type BankCardDto,
  type BankCardFields,
  type BankCardListResponse,
  type BankCardResponse,
  type EditBankCardBody,
  MAX_BANK_CARDS_PER_USER,
  type MessageResponse,
  maskAccountNumber,
  WithdrawalMessage,
} from '@app/shared';
import type { AppDatabase } from '../../db/dialect.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest, notFound, unauthorized } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { lockUserRow } from '../accounts/accounts.repository.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { OtpCheckRequest } from '../accounts/otp.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  countBankCards,
  deleteBankCard,
  findBankCard,
  insertBankCard,
  listBankCards,
  updateBankCard,
} from './bank-cards.repository.ts';
import { WithdrawalAuditEvent } from './withdrawal-audit.ts';
import type { BankCardRow } from './withdrawals.tables.ts';

const MS_PER_HOUR = 60 * 60_000;

/**
 * Maps a card row to the spec's bank card; lists pass `masked` so only the last four characters of the
 * account number and of upi_account show. upi_account is as sensitive as the account number (the CLABE in
 * mx, the CPF/CNPJ and PIX key in pt), and a list only needs to tell the cards apart; the owner's edit
 * form reads the single card, unmasked.
 */
export function toBankCardDto(row: BankCardRow, masked: boolean): BankCardDto {
  return {
    id: row.id,
    actual_name: row.actual_name,
    ifsc_code: row.ifsc_code,
    bank_name: row.bank_name,
    account_number: masked ? maskAccountNumber(row.account_number) : row.account_number,
    province: row.province,
    city: row.city,
    address: row.address,
    mobile_number: row.mobile_number,
    email: row.email,
    upi_account: masked ? maskAccountNumber(row.upi_account) : row.upi_account,
    withdrawable_from: row.withdrawable_from,
    create_time: row.created_at,
  };
}

function fieldsOf(body: EditBankCardBody): BankCardFields {
  return {
    actual_name: body.actual_name,
    ifsc_code: body.ifsc_code,
    bank_name: body.bank_name,
    account_number: body.account_number,
    province: body.province,
    city: body.city,
    address: body.address,
    mobile_number: body.mobile_number,
    email: body.email,
    upi_account: body.upi_account,
  };
}

/** Checks and uses up a verification code (OtpService), and finds where a user's codes go. */
export interface BankCardVerification {
  consume(request: OtpCheckRequest): Promise<void>;
  mobileOf(userId: number): Promise<string | undefined>;
}

export interface BankCardServiceDependencies {
  database: AppDatabase;
  clock: Clock;
  settings: SettingsService;
  audit: AuditLog;
  verification: BankCardVerification;
}

/**
 * The user's bank cards (spec 01 §2-§5, issue 6): owner-scoped list, read, add or edit (with an
 * edit_bankcard code while `bank_card.otp_required` is on) and delete. Adding or editing a card starts its
 * cool-down (`withdrawal.card_cooldown_hours`), during which no withdrawal can go to it.
 */
export class BankCardService {
  constructor(private readonly dependencies: BankCardServiceDependencies) {}

  /** GET /user/bank_cards: the user's cards with masked account numbers and upi_account, and otp_required. */
  async list(userId: number): Promise<BankCardListResponse> {
    const { database, settings } = this.dependencies;
    const [rows, otpRequired] = await Promise.all([
      listBankCards(database.db, userId),
      settings.get('bank_card.otp_required'),
    ]);
    return { code: 200, otp_required: otpRequired, queryset: rows.map((row) => toBankCardDto(row, true)) };
  }

  /** GET /user/bank_card?id: one card in full, for the edit form. */
  async get(userId: number, cardId: number): Promise<BankCardResponse> {
    const row = await findBankCard(this.dependencies.database.db, userId, cardId);
    if (!row) throw notFound(WithdrawalMessage.cardNotFound);
    return { code: 200, entry: toBankCardDto(row, false) };
  }

  /**
   * POST /user/edit_bank_card: adds a card (no id) or replaces one of the user's cards. The code is
   * checked first (and used up) when required; then, in one transaction, the owner's row is locked so the
   * card limit holds under concurrent adds.
   */
  async save(userId: number, body: EditBankCardBody, ip: string | null): Promise<BankCardResponse> {
    const { database, clock, settings, audit, verification } = this.dependencies;
    const [otpRequired, cooldownHours] = await Promise.all([
      settings.get('bank_card.otp_required'),
      settings.get('withdrawal.card_cooldown_hours'),
    ]);
    if (body.id !== undefined && !(await findBankCard(database.db, userId, body.id))) {
      // An unknown card answers 404 before a code is spent on it.
      throw notFound(WithdrawalMessage.cardNotFound);
    }
    if (otpRequired) {
      if (body.verify_code === undefined) throw badRequest(WithdrawalMessage.verifyCodeRequired);
      const mobile = await verification.mobileOf(userId);
      if (mobile === undefined) throw unauthorized();
      await verification.consume({ mobile, purpose: 'edit_bankcard', code: body.verify_code, ip, userId });
    }
    const fields = fieldsOf(body);
    return runInTransaction(database, async (trx) => {
      const now = clock.now();
      const times = { now, withdrawableFrom: now + cooldownHours * MS_PER_HOUR };
      let row: BankCardRow | undefined;
      if (body.id === undefined) {
        await lockUserRow(trx, database.dialect, userId);
        if ((await countBankCards(trx, userId)) >= MAX_BANK_CARDS_PER_USER) {
          throw badRequest(WithdrawalMessage.cardLimit);
        }
        row = await insertBankCard(trx, userId, fields, times);
      } else {
        row = await updateBankCard(trx, userId, body.id, fields, times);
        if (!row) throw notFound(WithdrawalMessage.cardNotFound);
      }
      await audit.record(
        body.id === undefined ? WithdrawalAuditEvent.bankCardAdded : WithdrawalAuditEvent.bankCardEdited,
        {
          userId,
          ip,
          detail: {
            bank_card_id: row.id,
            bank_name: row.bank_name,
            account_number: maskAccountNumber(row.account_number),
            withdrawable_from: row.withdrawable_from,
            otp_verified: otpRequired,
          },
        },
        trx,
      );
      return { code: 200, msg: WithdrawalMessage.cardSaved, entry: toBankCardDto(row, false) };
    });
  }

  /** PUT /user/delete_bank_card: removes one of the user's cards (withdrawals keep their copy of it). */
  async delete(userId: number, cardId: number, ip: string | null): Promise<MessageResponse> {
    const { database, clock, audit } = this.dependencies;
    return runInTransaction(database, async (trx) => {
      if (!(await deleteBankCard(trx, userId, cardId, clock.now()))) {
        throw notFound(WithdrawalMessage.cardNotFound);
      }
      await audit.record(
        WithdrawalAuditEvent.bankCardDeleted,
        { userId, ip, detail: { bank_card_id: cardId } },
        trx,
      );
      return { code: 200, msg: WithdrawalMessage.cardDeleted };
    });
  }
}
