import {
  type AddUserGuessResponse,
  type ColourCategory,
  type ColourFairnessResponse,
  type ColourHistoryEntryDto,
  type ColourHistoryResponse,
  GUESS_TYPES,
  type GuessPeriodDto,
  type GuessType,
  isColourCategory,
  type NextPeriodInfoResponse,
  type Page,
  type UserGuessDto,
} from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';
import { ApiNetworkError } from '../../../shared/api/api-errors.ts';
import type { GuessRequest } from '../rules/bet.rule.ts';

/** The header that makes a money-moving POST safe to retry (DESIGN.md "The ledger"). */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Random bytes of an idempotency key: 128 bits. */
const IDEMPOTENCY_KEY_BYTES = 16;

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function wholeNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

function isGuessType(value: unknown): value is GuessType {
  return typeof value === 'string' && (GUESS_TYPES as readonly string[]).includes(value);
}

function isBetStatus(value: unknown): value is UserGuessDto['status'] {
  return value === 'W' || value === 'S' || value === 'F';
}

/** A fresh Idempotency-Key from the browser's cryptographic generator (randomUUID needs HTTPS). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(IDEMPOTENCY_KEY_BYTES));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The open period as the server sees it, with the player's balance and the game notice. */
export interface PeriodInfo {
  balance: string;
  period: string;
  notice: string;
  countDownSec: number;
  /** 0: the period takes bets now; else seconds until it opens, or null while that is not known yet. */
  bettingOpensInSec: number | null;
}

/** GET /win/next_period_info (auth): balance, next_period, notice_content and count_down_sec. */
export async function fetchPeriodInfo(client: ApiClient, signal?: AbortSignal): Promise<PeriodInfo> {
  const response = await client.get<NextPeriodInfoResponse>('/win/next_period_info', undefined, { signal });
  const countDownSec = wholeNumber(response.count_down_sec);
  if (typeof response.next_period !== 'string' || countDownSec === null) {
    throw new ApiNetworkError('bad_response');
  }
  return {
    balance: text(response.balance),
    period: response.next_period,
    notice: text(response.notice_content),
    countDownSec,
    bettingOpensInSec: wholeNumber(response.betting_opens_in_sec),
  };
}

function toPeriodRow(value: unknown): GuessPeriodDto | null {
  if (!isRecord(value) || typeof value.period !== 'string') return null;
  const price = wholeNumber(value.price);
  const lastNum = wholeNumber(value.last_num);
  if (price === null || lastNum === null) return null;
  return {
    period: value.period,
    price,
    last_num: lastNum,
    is_red: value.is_red === true,
    is_green: value.is_green === true,
    is_violet: value.is_violet === true,
  };
}

function toHistoryEntry(value: unknown): ColourHistoryEntryDto | null {
  const row = toPeriodRow(value);
  if (!row || !isRecord(value)) return null;
  return { ...row, today_times: text(value.today_times) || row.period.slice(-3) };
}

/** The public history of a category: the open period and today's results, oldest first. */
export interface ColourHistory {
  nextPeriod: string;
  countDownSec: number;
  periods: ColourHistoryEntryDto[];
}

/** GET /win/next_period_info_noauth?category&saas_id (no login). */
export async function fetchColourHistory(
  client: ApiClient,
  category: ColourCategory,
  saasId: number,
  signal?: AbortSignal,
): Promise<ColourHistory> {
  const response = await client.get<ColourHistoryResponse>(
    '/win/next_period_info_noauth',
    { category, saas_id: saasId },
    { signal },
  );
  const countDownSec = wholeNumber(response.count_down_sec);
  if (typeof response.next_period !== 'string' || countDownSec === null || !Array.isArray(response.periods)) {
    throw new ApiNetworkError('bad_response');
  }
  return {
    nextPeriod: response.next_period,
    countDownSec,
    periods: response.periods.map(toHistoryEntry).filter((row) => row !== null),
  };
}

/** One page of a list and the number of rows across all pages (`page.count`). */
export interface ColourPage<T> {
  count: number;
  rows: T[];
}

async function fetchPage<T>(
  client: ApiClient,
  path: string,
  query: { category: ColourCategory; page: number; pageSize: number },
  map: (value: unknown) => T | null,
  signal?: AbortSignal,
): Promise<ColourPage<T>> {
  const response = await client.get<Page<unknown>>(
    path,
    { category: query.category, p: query.page, p_size: query.pageSize },
    { signal },
  );
  const count = isRecord(response.page) ? wholeNumber(response.page.count) : null;
  if (count === null || !Array.isArray(response.queryset)) throw new ApiNetworkError('bad_response');
  return { count, rows: response.queryset.map(map).filter((row): row is T => row !== null) };
}

/** GET /win/guesses?category&p&p_size: the category's settled periods, newest first. */
export function fetchGuessPage(
  client: ApiClient,
  query: { category: ColourCategory; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<ColourPage<GuessPeriodDto>> {
  return fetchPage(client, '/win/guesses', query, toPeriodRow, signal);
}

function toUserGuess(value: unknown): UserGuessDto | null {
  if (!isRecord(value)) return null;
  const id = wholeNumber(value.id);
  const count = wholeNumber(value.contract_count);
  const createTime = wholeNumber(value.create_time);
  if (id === null || count === null || createTime === null || typeof value.period !== 'string') return null;
  if (!isColourCategory(value.category) || !isGuessType(value.type)) return null;
  return {
    id,
    category: value.category,
    period: value.period,
    // An unknown status shows as waiting: the row is the player's money, never dropped.
    status: isBetStatus(value.status) ? value.status : 'W',
    type: value.type,
    number: wholeNumber(value.number),
    contract_money: text(value.contract_money),
    contract_count: count,
    delivery: text(value.delivery),
    fee: text(value.fee),
    open_price: wholeNumber(value.open_price),
    result: typeof value.result === 'string' ? value.result : null,
    amount: text(value.amount),
    create_time: createTime,
  };
}

/** GET /win/my_guesses?category&p&p_size: the player's bets of a category, newest first. */
export function fetchMyGuessPage(
  client: ApiClient,
  query: { category: ColourCategory; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<ColourPage<UserGuessDto>> {
  return fetchPage(client, '/win/my_guesses', query, toUserGuess, signal);
}

/** POST /win/add_user_guess with a fresh Idempotency-Key: each Confirm is one bet, a network retry is not. */
export async function addUserGuess(client: ApiClient, request: GuessRequest): Promise<AddUserGuessResponse> {
  return client.post<AddUserGuessResponse>('/win/add_user_guess', request, {
    headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
  });
}

/** GET /win/fairness?category&period: the chain's commitment, and the seed and result once settled. */
export async function fetchFairness(
  client: ApiClient,
  category: ColourCategory,
  period: string,
  signal?: AbortSignal,
): Promise<ColourFairnessResponse> {
  const response = await client.get<ColourFairnessResponse>(
    '/win/fairness',
    { category, period },
    { signal },
  );
  const chainIndex = wholeNumber(response.chain_index);
  if (typeof response.terminal_hash !== 'string' || chainIndex === null) {
    throw new ApiNetworkError('bad_response');
  }
  return {
    code: 200,
    category,
    period,
    terminal_hash: response.terminal_hash,
    chain_index: chainIndex,
    settled: response.settled === true,
    seed: typeof response.seed === 'string' ? response.seed : null,
    previous_seed: typeof response.previous_seed === 'string' ? response.previous_seed : null,
    price: wholeNumber(response.price),
    number: wholeNumber(response.number),
  };
}
