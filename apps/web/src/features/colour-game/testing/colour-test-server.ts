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

export {
  callsTo,
  type FakeRoute as StubRoute,
  type RecordedCall,
  stubFakeServer as stubColourServer,
} from '../../../shared/testing/fake-server.ts';

/** GET /win/next_period_info. */
export function periodInfoAnswer(overrides: Record<string, unknown> = {}) {
  return {
    code: 200,
    balance: '1000.00',
    next_period: '20250305043',
    notice_content: '',
    count_down_sec: 120,
    betting_opens_in_sec: 0,
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
