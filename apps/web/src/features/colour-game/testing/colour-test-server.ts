import {
  type ColourCategory,
  colourPayoutMinor,
  colourResultFromSeed,
  digitColours,
  type GuessPeriodDto,
  hashLinks,
  minorToDecimalString,
  previousLink,
  type UserGuessDto,
} from '@app/shared';
import { vi } from 'vitest';

/** One request the stub server received. */
export interface RecordedCall {
  path: string;
  method: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** Answers a request: an envelope (its code becomes the HTTP status), or an Error to fail the connection. */
export type StubRoute = (call: RecordedCall) => unknown;

/**
 * Stubs `fetch` with a server that answers by path (`/win/guesses`) or by method and path, and records
 * every call. Unknown paths answer 404.
 */
export function stubColourServer(routes: Record<string, StubRoute>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const call: RecordedCall = {
        path: url.pathname,
        method,
        query: url.searchParams,
        body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {},
        headers: { ...(init?.headers as Record<string, string> | undefined) },
      };
      calls.push(call);
      const route = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
      const body = route ? route(call) : { code: 404, msg: 'Not found' };
      if (body instanceof Error) throw body;
      const status = typeof body === 'object' && body !== null && 'code' in body ? Number(body.code) : 200;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** The calls to one path (and method, when given). */
export function callsTo(calls: readonly RecordedCall[], path: string, method?: string): RecordedCall[] {
  return calls.filter((call) => call.path === path && (method === undefined || call.method === method));
}

/** GET /win/next_period_info. */
export function periodInfoAnswer(overrides: Record<string, unknown> = {}) {
  return {
    code: 200,
    balance: '1000.00',
    next_period: '20250305043',
    notice_content: '',
    count_down_sec: 120,
    ...overrides,
  };
}

/** A settled public period with the colours of its digit. */
export function periodRow(period: string, price: number): GuessPeriodDto {
  const colours = digitColours(price % 10);
  return {
    period,
    price,
    last_num: price % 10,
    is_red: colours.red,
    is_green: colours.green,
    is_violet: colours.violet,
  };
}

/** A page answer of a list call. */
export function pageAnswer(rows: readonly unknown[], count = rows.length) {
  return { code: 200, page: { count }, queryset: rows };
}

/** A waiting bet of 10 × 1 on green. */
export function waitingBet(overrides: Partial<UserGuessDto> = {}): UserGuessDto {
  return {
    id: 1,
    category: 'P',
    period: '20250305043',
    status: 'W',
    type: 'G',
    number: null,
    contract_money: '10.00',
    contract_count: 1,
    delivery: '9.80',
    fee: '0.20',
    open_price: null,
    result: null,
    amount: '0.00',
    create_time: Date.UTC(2025, 2, 5, 9, 30),
    ...overrides,
  };
}

/**
 * A bet of 10 on red settled honestly from a real seed, and the /win/fairness answer of its period, so
 * the app's Verify runs the real verification.
 */
export async function settledRound(category: ColourCategory, period: string, seed: string) {
  const result = await colourResultFromSeed(seed, category, period);
  const payoutMinor = colourPayoutMinor(980, 'R', null, result.number);
  const bet = waitingBet({
    id: 2,
    category,
    period,
    type: 'R',
    status: payoutMinor > 0 ? 'S' : 'F',
    open_price: result.price,
    result: String(result.number),
    amount: minorToDecimalString(payoutMinor),
  });
  const chainIndex = 2;
  const fairness = {
    code: 200,
    category,
    period,
    terminal_hash: await hashLinks(seed, chainIndex),
    chain_index: chainIndex,
    settled: true,
    seed,
    previous_seed: await previousLink(seed),
    price: result.price,
    number: result.number,
  };
  return { bet, fairness, result };
}
