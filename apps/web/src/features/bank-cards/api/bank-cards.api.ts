import type {
  BankCardDto,
  BankCardFields,
  BankCardListResponse,
  BankCardResponse,
  MessageResponse,
} from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';
import { ApiNetworkError } from '../../../shared/api/api-errors.ts';

/** What POST /user/edit_bank_card takes besides the id (spec 01 §3 "Bank card", §7). */
export interface BankCardBody extends BankCardFields {
  /** Sent only while the server asks for an edit_bankcard code (otp_required). */
  verify_code?: string;
}

/** The player's cards and whether adding or editing one needs a verification code. */
export interface BankCardList {
  otpRequired: boolean;
  cards: BankCardDto[];
}

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function time(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Reads one card; null when it has no id, so an unreadable row is left out rather than shown broken. */
export function toBankCard(value: unknown): BankCardDto | null {
  if (!isRecord(value) || typeof value.id !== 'number') return null;
  return {
    id: value.id,
    actual_name: text(value.actual_name),
    ifsc_code: text(value.ifsc_code),
    bank_name: text(value.bank_name),
    account_number: text(value.account_number),
    province: text(value.province),
    city: text(value.city),
    address: text(value.address),
    mobile_number: text(value.mobile_number),
    email: text(value.email),
    upi_account: text(value.upi_account),
    withdrawable_from: time(value.withdrawable_from),
    create_time: time(value.create_time),
  };
}

/** GET /user/bank_cards: the cards (account numbers masked by the server) and otp_required. */
export async function fetchBankCards(client: ApiClient, signal?: AbortSignal): Promise<BankCardList> {
  const response = await client.get<BankCardListResponse>('/user/bank_cards', undefined, { signal });
  if (!Array.isArray(response.queryset)) throw new ApiNetworkError('bad_response');
  return {
    otpRequired: response.otp_required === true,
    cards: response.queryset.map(toBankCard).filter((card): card is BankCardDto => card !== null),
  };
}

/** GET /user/bank_card?id: one of the player's cards in full, for the edit form (another's answers 404). */
export async function fetchBankCard(
  client: ApiClient,
  id: number,
  signal?: AbortSignal,
): Promise<BankCardDto> {
  const response = await client.get<BankCardResponse>('/user/bank_card', { id }, { signal });
  const card = toBankCard(response.entry);
  if (!card) throw new ApiNetworkError('bad_response');
  return card;
}

/** POST /user/edit_bank_card: without an id it adds the card, with one it replaces it. */
export async function saveBankCard(
  client: ApiClient,
  body: BankCardBody,
  id: number | null,
): Promise<{ msg: string; card: BankCardDto | null }> {
  const response = await client.post<BankCardResponse>(
    '/user/edit_bank_card',
    id === null ? body : { id, ...body },
  );
  return { msg: text(response.msg), card: toBankCard(response.entry) };
}

/** PUT /user/delete_bank_card {id}; resolves with the server's message. */
export async function deleteBankCard(client: ApiClient, id: number): Promise<string> {
  const response = await client.put<MessageResponse>('/user/delete_bank_card', { id });
  return text(response.msg);
}
