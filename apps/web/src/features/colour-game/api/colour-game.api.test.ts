import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../shared/api/api-client.ts';
import { ApiNetworkError } from '../../../shared/api/api-errors.ts';
import {
  addUserGuess,
  fetchColourHistory,
  fetchFairness,
  fetchGuessPage,
  fetchMyGuessPage,
  fetchPeriodInfo,
} from './colour-game.api.ts';

interface Call {
  url: URL;
  init: RequestInit;
}

/** A client whose server answers every call with `body`; records what was sent. */
function clientAnswering(body: unknown) {
  const calls: Call[] = [];
  const client = createApiClient({
    baseUrl: 'http://app.test',
    getToken: () => 'tok',
    clearToken: () => {},
    getLanguage: () => 'en',
    onUnauthorized: () => {},
    fetch: async (input, init) => {
      calls.push({ url: new URL(String(input)), init: init ?? {} });
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { client, calls };
}

const BET = {
  id: 12,
  category: 'P',
  period: '20250305042',
  status: 'S',
  type: 'N',
  number: 7,
  contract_money: '10.00',
  contract_count: 3,
  delivery: '29.40',
  fee: '0.60',
  open_price: 45677,
  result: '7',
  amount: '264.60',
  create_time: 1_741_161_600_000,
};

describe('colour game api', () => {
  it('reads the period info', async () => {
    const { client, calls } = clientAnswering({
      code: 200,
      balance: '120.50',
      next_period: '20250305043',
      notice_content: 'Hello',
      count_down_sec: 95,
      betting_opens_in_sec: 0,
    });
    expect(await fetchPeriodInfo(client)).toEqual({
      balance: '120.50',
      period: '20250305043',
      notice: 'Hello',
      countDownSec: 95,
      bettingOpensInSec: 0,
    });
    expect(calls[0]?.url.pathname).toBe('/win/next_period_info');
  });

  it('refuses a period info without a countdown', async () => {
    const { client } = clientAnswering({ code: 200, next_period: '20250305043' });
    await expect(fetchPeriodInfo(client)).rejects.toBeInstanceOf(ApiNetworkError);
  });

  it('asks the public history with the category and saas id, and drops unreadable rows', async () => {
    const { client, calls } = clientAnswering({
      code: 200,
      next_period: '20250305043',
      count_down_sec: 12,
      periods: [
        {
          period: '20250305041',
          today_times: '041',
          price: 45670,
          last_num: 0,
          is_red: true,
          is_green: false,
          is_violet: true,
        },
        { period: '20250305042', price: 'x', last_num: 1 },
      ],
    });
    const history = await fetchColourHistory(client, 'E', 3);
    expect(history.periods).toEqual([
      {
        period: '20250305041',
        today_times: '041',
        price: 45670,
        last_num: 0,
        is_red: true,
        is_green: false,
        is_violet: true,
      },
    ]);
    expect(history.countDownSec).toBe(12);
    expect(calls[0]?.url.pathname).toBe('/win/next_period_info_noauth');
    expect(calls[0]?.url.searchParams.get('category')).toBe('E');
    expect(calls[0]?.url.searchParams.get('saas_id')).toBe('3');
  });

  it('pages the public records and the own bets with category, p and p_size', async () => {
    const { client, calls } = clientAnswering({
      code: 200,
      page: { count: 31 },
      queryset: [BET, { id: 'x' }],
    });
    const mine = await fetchMyGuessPage(client, { category: 'P', page: 2, pageSize: 20 });
    expect(mine).toEqual({ count: 31, rows: [BET] });
    expect(calls[0]?.url.pathname).toBe('/win/my_guesses');
    expect(Object.fromEntries(calls[0]?.url.searchParams ?? [])).toMatchObject({
      category: 'P',
      p: '2',
      p_size: '20',
    });

    const publicRows = await fetchGuessPage(client, { category: 'B', page: 1, pageSize: 10 });
    expect(publicRows.count).toBe(31);
    expect(calls[1]?.url.pathname).toBe('/win/guesses');
  });

  it('refuses a page without page.count', async () => {
    const { client } = clientAnswering({ code: 200, queryset: [] });
    await expect(fetchGuessPage(client, { category: 'P', page: 1, pageSize: 10 })).rejects.toBeInstanceOf(
      ApiNetworkError,
    );
  });

  it('posts a bet with a fresh Idempotency-Key each time', async () => {
    const { client, calls } = clientAnswering({ code: 200, msg: 'ok', id: 5 });
    const request = {
      category: 'P' as const,
      period: '20250305043',
      guess_type: 'R' as const,
      number: 0,
      contract_money: '10.00',
      contract_count: 1,
    };
    await addUserGuess(client, request);
    await addUserGuess(client, request);
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual(request);
    const keys = calls.map((call) => (call.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('reads the fairness answer', async () => {
    const { client, calls } = clientAnswering({
      code: 200,
      terminal_hash: 'a'.repeat(64),
      chain_index: 4,
      settled: true,
      seed: 'b'.repeat(64),
      previous_seed: null,
      price: 45677,
      number: 7,
    });
    const fairness = await fetchFairness(client, 'S', '20250305042');
    expect(fairness).toMatchObject({
      category: 'S',
      chain_index: 4,
      settled: true,
      previous_seed: null,
      number: 7,
    });
    expect(calls[0]?.url.searchParams.get('period')).toBe('20250305042');
  });
});
