import {
  type ColourFairnessResponse,
  type ColourVerification,
  colourFeeMinor,
  colourPayoutMinor,
  parseMoneyToMinor,
  type UserGuessDto,
  verifyColourRound,
} from '@app/shared';
import { resultDigit } from './guess-display.rule.ts';

/**
 * Up to this many hashes the seed is also checked against the chain's published terminal hash at once;
 * beyond it (a chain lasts a million periods) that check waits for the player to ask, since Web Crypto
 * takes tens of microseconds per hash.
 */
export const CHAIN_CHECK_AUTO_LINKS = 2000;

/** The fairness answer's fields the check needs. */
export type FairnessData = Pick<
  ColourFairnessResponse,
  'settled' | 'seed' | 'previous_seed' | 'terminal_hash' | 'chain_index' | 'price' | 'number'
>;

/** Everything the Verify action checked of one settled bet. */
export interface BetVerification {
  /** The seed recomputed into the bet's open price and digit, and its place in the hash chain. */
  readonly round: ColourVerification;
  /** The server's published result of the period is the one the bet was settled on. */
  readonly publishedMatches: boolean;
  /** Fee, contract amount, status and amount follow the payout table for that digit. */
  readonly payoutMatches: boolean;
  /** Whether the seed was also hashed down to the terminal hash. */
  readonly commitmentChecked: boolean;
  readonly ok: boolean;
}

/** Whether the commitment check runs with the others without being asked for. */
export function checksCommitmentAtOnce(chainIndex: number): boolean {
  return chainIndex >= 1 && chainIndex <= CHAIN_CHECK_AUTO_LINKS;
}

function minorOf(text: string): number | null {
  const parsed = parseMoneyToMinor(text);
  return parsed.ok ? parsed.amountMinor : null;
}

/** Whether the bet's money follows the rules: stake, 2 % fee, contract amount and the payout of the digit. */
export function betPayoutMatches(bet: UserGuessDto, digit: number): boolean {
  const moneyMinor = minorOf(bet.contract_money);
  const feeMinor = minorOf(bet.fee);
  const contractMinor = minorOf(bet.delivery);
  const amountMinor = minorOf(bet.amount);
  if (moneyMinor === null || feeMinor === null || contractMinor === null || amountMinor === null)
    return false;
  const stakeMinor = moneyMinor * bet.contract_count;
  if (feeMinor !== colourFeeMinor(stakeMinor) || contractMinor !== stakeMinor - feeMinor) return false;
  const payoutMinor = colourPayoutMinor(contractMinor, bet.type, bet.number, digit);
  return amountMinor === payoutMinor && bet.status === (payoutMinor > 0 ? 'S' : 'F');
}

/**
 * Verifies a settled bet in the browser with the shared verification function: the period's revealed seed
 * gives the open price and digit the bet was settled on, the seed hashes to the previous period's seed
 * and, when asked (or cheap), down to the published terminal hash; the bet's amount follows the payout
 * table. Throws when the period's seed is not revealed yet.
 */
export async function verifyBet(
  bet: UserGuessDto,
  fairness: FairnessData,
  options: { checkCommitment: boolean },
): Promise<BetVerification> {
  const digit = resultDigit(bet.result);
  if (!fairness.settled || fairness.seed === null || digit === null || bet.open_price === null) {
    throw new Error('the period is not settled: its seed is not revealed yet');
  }
  const round = await verifyColourRound({
    room: bet.category,
    period: bet.period,
    seed: fairness.seed,
    price: bet.open_price,
    number: digit,
    previousSeed: fairness.previous_seed,
    terminalHash: options.checkCommitment ? fairness.terminal_hash : null,
    chainIndex: options.checkCommitment ? fairness.chain_index : null,
  });
  const publishedMatches = fairness.price === bet.open_price && fairness.number === digit;
  const payoutMatches = betPayoutMatches(bet, digit);
  return {
    round,
    publishedMatches,
    payoutMatches,
    commitmentChecked: round.terminalHashMatches !== undefined,
    ok: round.ok && publishedMatches && payoutMatches,
  };
}
