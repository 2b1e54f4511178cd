import {
  type AddRechargeResponse,
  type ChannelListResponse,
  type MessageResponse,
  PAYMENT_ADAPTERS,
  type Page,
  type PaymentAdapterName,
  type PaymentChannelDto,
  RECHARGE_STATUSES,
  type RechargeBySnResponse,
  type RechargeRecordDto,
  type RechargeReturnResponse,
  type RechargeStatus,
  type TransactionDto,
} from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';
import { ApiNetworkError } from '../../../shared/api/api-errors.ts';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key.ts';

/** Rows per page of the recharge record and the transaction list (spec 02 §9: record pages of 10). */
export const RECORD_PAGE_SIZE = 10;

/** The header that makes a money-moving POST safe to retry (DESIGN.md "The ledger"). */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

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

function isAdapter(value: unknown): value is PaymentAdapterName {
  return typeof value === 'string' && (PAYMENT_ADAPTERS as readonly string[]).includes(value);
}

function isRechargeStatus(value: unknown): value is RechargeStatus {
  return typeof value === 'string' && (RECHARGE_STATUSES as readonly string[]).includes(value);
}

/** The recharge screen's data: the offered channels and the support address (may be empty). */
export interface ChannelList {
  contactUrl: string;
  channels: PaymentChannelDto[];
}

function toChannel(value: unknown): PaymentChannelDto | null {
  if (!isRecord(value) || typeof value.key !== 'string' || !isAdapter(value.adapter)) return null;
  return {
    name: text(value.name) || value.key,
    key: value.key,
    adapter: value.adapter,
    fixed_amounts: text(value.fixed_amounts),
    min_amount: text(value.min_amount),
    max_amount: text(value.max_amount),
  };
}

/** GET /user/channels?type=pay: the payment channels, in the server's order. */
export async function fetchPaymentChannels(client: ApiClient, signal?: AbortSignal): Promise<ChannelList> {
  const response = await client.get<ChannelListResponse>('/user/channels', { type: 'pay' }, { signal });
  return { contactUrl: text(response.contact_url), channels: compact(response.queryset, toChannel) };
}

/** What the details dialog collected, with the amount as typed (whole units, digits only). */
export interface RechargeRequest {
  price: string;
  payKey: string;
  payName: string;
  payMobile: string;
  payEmail: string;
  /** Only for channels whose dialog asks for a UPI id. */
  payUpiAccount?: string;
}

/**
 * POST /user/add_recharge with a fresh Idempotency-Key: each press of the dialog's submit is one order,
 * while a retry of the same request by the network layer could not create a second one.
 */
export async function addRecharge(client: ApiClient, request: RechargeRequest): Promise<AddRechargeResponse> {
  return client.post<AddRechargeResponse>(
    '/user/add_recharge',
    {
      price: request.price,
      pay_key: request.payKey,
      pay_name: request.payName,
      pay_mobile: request.payMobile,
      pay_email: request.payEmail,
      ...(request.payUpiAccount === undefined ? {} : { pay_upi_account: request.payUpiAccount }),
    },
    { headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } },
  );
}

/** POST /user/recharge_return: hands the server what the gateway gave the browser; resolves with the status. */
export async function sendRechargeReturn(
  client: ApiClient,
  serialNumber: string,
  params: Readonly<Record<string, string>>,
): Promise<RechargeStatus | null> {
  const response = await client.post<RechargeReturnResponse>('/user/recharge_return', {
    sn: serialNumber,
    params,
  });
  return isRechargeStatus(response.status) ? response.status : null;
}

/** One page of a record list and the total of rows across all pages (`page.count`). */
export interface RecordPage<T> {
  count: number;
  rows: T[];
}

/** One page of any paged list (`page.count` and `queryset`), its rows read by `map`; `query` adds filters. */
export async function fetchRecordPage<T>(
  client: ApiClient,
  path: string,
  page: number,
  map: (value: unknown) => T | null,
  signal?: AbortSignal,
  query: Readonly<Record<string, string | number>> = {},
): Promise<RecordPage<T>> {
  const response = await client.get<Page<unknown>>(
    path,
    { ...query, p: page, p_size: RECORD_PAGE_SIZE },
    { signal },
  );
  const count = isRecord(response.page) ? response.page.count : undefined;
  if (typeof count !== 'number' || !Array.isArray(response.queryset)) {
    throw new ApiNetworkError('bad_response');
  }
  return { count, rows: compact(response.queryset, map) };
}

function toRechargeRecord(value: unknown): RechargeRecordDto | null {
  if (!isRecord(value) || typeof value.price !== 'string' || typeof value.create_time !== 'number') {
    return null;
  }
  return {
    serial_number: text(value.serial_number),
    price: value.price,
    // An unknown status shows as waiting: the record is the user's money in flight, never dropped.
    status: isRechargeStatus(value.status) ? value.status : 'Wait',
    channel_name: text(value.channel_name),
    create_time: value.create_time,
  };
}

/** GET /user/recharges?p&p_size: one page of the recharge record, newest first. */
export function fetchRechargePage(
  client: ApiClient,
  page: number,
  signal?: AbortSignal,
): Promise<RecordPage<RechargeRecordDto>> {
  return fetchRecordPage(client, '/user/recharges', page, toRechargeRecord, signal);
}

/** A transaction row; `type` stays the server's text when it is not one of the known types. */
export interface TransactionRow extends Omit<TransactionDto, 'type'> {
  type: string;
}

function toTransaction(value: unknown): TransactionRow | null {
  if (!isRecord(value) || typeof value.type !== 'string' || typeof value.create_time !== 'number') {
    return null;
  }
  return {
    type: value.type,
    change_balance: text(value.change_balance),
    relation_id: typeof value.relation_id === 'number' ? String(value.relation_id) : text(value.relation_id),
    create_time: value.create_time,
  };
}

/** GET /user/transactions?p&p_size: one page of the ledger history, newest first. */
export function fetchTransactionPage(
  client: ApiClient,
  page: number,
  signal?: AbortSignal,
): Promise<RecordPage<TransactionRow>> {
  return fetchRecordPage(client, '/user/transactions', page, toTransaction, signal);
}

/** GET /user/query_recharge_by_sn: the payment page's recharge. */
export async function fetchRechargeBySn(
  client: ApiClient,
  serialNumber: string,
  signal?: AbortSignal,
): Promise<RechargeBySnResponse> {
  const response = await client.get<RechargeBySnResponse>(
    '/user/query_recharge_by_sn',
    { sn: serialNumber },
    { signal },
  );
  if (typeof response.price !== 'string') throw new ApiNetworkError('bad_response');
  return {
    code: 200,
    serial_number: text(response.serial_number) || serialNumber,
    price: response.price,
    create_time: typeof response.create_time === 'number' ? response.create_time : 0,
    qr_code: text(response.qr_code),
    url: text(response.url),
    status: isRechargeStatus(response.status) ? response.status : 'Wait',
    utr_submitted: response.utr_submitted === true,
  };
}

/** POST /user/submit_utr_to_recharge with a fresh Idempotency-Key. */
export async function submitUtr(client: ApiClient, serialNumber: string, utr: string): Promise<string> {
  const response = await client.post<MessageResponse>(
    '/user/submit_utr_to_recharge',
    { sn: serialNumber, utr },
    { headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } },
  );
  return response.msg;
}

/** POST /user/transfer_to with a fresh Idempotency-Key: the user id and a whole amount, both as digits. */
export async function transferTo(client: ApiClient, userId: string, amount: string): Promise<string> {
  const response = await client.post<MessageResponse>(
    '/user/transfer_to',
    { user_id: userId, amount },
    { headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } },
  );
  return response.msg;
}
