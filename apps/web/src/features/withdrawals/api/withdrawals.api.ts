import {
  type AddWithdrawalResponse,
  type BankCodeDto,
  PAYOUT_STATUSES,
  type Page,
  type PayoutStatus,
  WITHDRAWAL_STATUSES,
  type WithdrawalChannelDto,
  type WithdrawalChannelListResponse,
  type WithdrawalDto,
  type WithdrawalStatus,
} from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';
import { ApiNetworkError } from '../../../shared/api/api-errors.ts';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key.ts';
import { RECORD_PAGE_SIZE, type RecordPage } from '../../wallet/api/wallet.api.ts';

/** The header that makes a money-moving POST safe to retry (DESIGN.md "The ledger"). */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The app always sends this with a withdrawal (spec 02 §7: force_login_password_valid, fixed value yes). */
const FORCE_LOGIN_PASSWORD_VALID = 'yes';

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function compact<T>(values: unknown, map: (value: unknown) => T | null): T[] {
  return Array.isArray(values) ? values.map(map).filter((value): value is T => value !== null) : [];
}

/** The withdrawal screen's data (spec 02 §7): the wagering still required, the support link, the channels. */
export interface WithdrawalChannels {
  /** needs_bet as a decimal string ("0.00" when nothing is required). */
  needsBet: string;
  contactUrl: string;
  /** The bounds of one withdrawal ("0.00" as the maximum: none; '' when the server did not say). */
  minAmount: string;
  maxAmount: string;
  channels: WithdrawalChannelDto[];
}

function toBankCode(value: unknown): BankCodeDto | null {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.code !== 'string') return null;
  return { id: value.id, code: value.code, name: text(value.name) || value.code };
}

function toChannel(value: unknown): WithdrawalChannelDto | null {
  if (!isRecord(value) || typeof value.key !== 'string') return null;
  const groupId = typeof value.bank_code_group_id === 'number' ? value.bank_code_group_id : null;
  return {
    name: text(value.name) || value.key,
    key: value.key,
    bank_code_group_id: groupId,
    bank_codes: groupId === null ? [] : compact(value.bank_codes, toBankCode),
  };
}

/** GET /user/channels?type=withdrawal: needs_bet, contact_url and the channels, in the server's order. */
export async function fetchWithdrawalChannels(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<WithdrawalChannels> {
  const response = await client.get<WithdrawalChannelListResponse>(
    '/user/channels',
    { type: 'withdrawal' },
    { signal },
  );
  return {
    needsBet: text(response.needs_bet) || '0.00',
    contactUrl: text(response.contact_url),
    minAmount: text(response.min_amount),
    maxAmount: text(response.max_amount),
    channels: compact(response.queryset, toChannel),
  };
}

/** What the withdrawal form sends; the amount as typed after trimming and turning a comma into a dot. */
export interface WithdrawalRequest {
  amount: string;
  bankCardId: number;
  password: string;
  withdrawalKey: string;
  /** The chosen bank's code when the channel has a bank code group, else empty. */
  bankCode: string;
}

/**
 * POST /user/add_withdrawal with a fresh Idempotency-Key: each press of Withdraw is one request, while a
 * retry of the same request by the network layer could not hold the money twice.
 */
export async function addWithdrawal(
  client: ApiClient,
  request: WithdrawalRequest,
): Promise<AddWithdrawalResponse> {
  return client.post<AddWithdrawalResponse>(
    '/user/add_withdrawal',
    {
      amount: request.amount,
      bank_card_id: request.bankCardId,
      password: request.password,
      withdrawal_key: request.withdrawalKey,
      bank_code: request.bankCode,
      force_login_password_valid: FORCE_LOGIN_PASSWORD_VALID,
    },
    { headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } },
  );
}

function isWithdrawalStatus(value: unknown): value is WithdrawalStatus {
  return typeof value === 'string' && (WITHDRAWAL_STATUSES as readonly string[]).includes(value);
}

function isPayoutStatus(value: unknown): value is PayoutStatus {
  return typeof value === 'string' && (PAYOUT_STATUSES as readonly string[]).includes(value);
}

/** Reads one withdrawal; an unknown status shows as waiting: the record is the player's money in flight. */
export function toWithdrawal(value: unknown): WithdrawalDto | null {
  if (
    !isRecord(value) ||
    typeof value.id !== 'number' ||
    typeof value.price !== 'string' ||
    typeof value.create_time !== 'number'
  ) {
    return null;
  }
  return {
    id: value.id,
    price: value.price,
    fee: text(value.fee),
    actual_price: text(value.actual_price),
    status: isWithdrawalStatus(value.status) ? value.status : 'Wait',
    payout_status: isPayoutStatus(value.payout_status) ? value.payout_status : 'Wait',
    fail_reason: text(value.fail_reason),
    create_time: value.create_time,
    channel_name: text(value.channel_name),
    bank_name: text(value.bank_name),
    account_number: text(value.account_number),
  };
}

/** GET /user/withdrawals?p&p_size: one page of the withdrawal record, newest first. */
export async function fetchWithdrawalPage(
  client: ApiClient,
  page: number,
  signal?: AbortSignal,
): Promise<RecordPage<WithdrawalDto>> {
  const response = await client.get<Page<unknown>>(
    '/user/withdrawals',
    { p: page, p_size: RECORD_PAGE_SIZE },
    { signal },
  );
  const count = isRecord(response.page) ? response.page.count : undefined;
  if (typeof count !== 'number' || !Array.isArray(response.queryset))
    throw new ApiNetworkError('bad_response');
  return { count, rows: compact(response.queryset, toWithdrawal) };
}
