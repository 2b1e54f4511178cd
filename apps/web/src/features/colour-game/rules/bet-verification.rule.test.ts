import {
  colourPayoutMinor,
  colourResultFromSeed,
  hashLinks,
  minorToDecimalString,
  previousLink,
  type UserGuessDto,
} from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  betPayoutMatches,
  CHAIN_CHECK_AUTO_LINKS,
  checksCommitmentAtOnce,
  type FairnessData,
  verifyBet,
} from './bet-verification.rule.ts';

const SEED = '3f'.repeat(32);
const PERIOD = '20250305042';
const CHAIN_INDEX = 3;

/** A green bet of 100 settled on the seed's real result, and the period's fairness answer. */
async function settledRound(): Promise<{ bet: UserGuessDto; fairness: FairnessData }> {
  const result = await colourResultFromSeed(SEED, 'B', PERIOD);
  const payoutMinor = colourPayoutMinor(9800, 'G', null, result.number);
  const bet: UserGuessDto = {
    id: 7,
    category: 'B',
    period: PERIOD,
    status: payoutMinor > 0 ? 'S' : 'F',
    type: 'G',
    number: null,
    contract_money: '100.00',
    contract_count: 1,
    delivery: '98.00',
    fee: '2.00',
    open_price: result.price,
    result: String(result.number),
    amount: minorToDecimalString(payoutMinor),
    create_time: 1_741_161_600_000,
  };
  const fairness: FairnessData = {
    settled: true,
    seed: SEED,
    previous_seed: await previousLink(SEED),
    terminal_hash: await hashLinks(SEED, CHAIN_INDEX),
    chain_index: CHAIN_INDEX,
    price: result.price,
    number: result.number,
  };
  return { bet, fairness };
}

describe('bet verification', () => {
  it('passes every check of an honestly settled bet, the commitment included when the chain is short', async () => {
    const { bet, fairness } = await settledRound();
    const verification = await verifyBet(bet, fairness, { checkCommitment: true });
    expect(verification.ok).toBe(true);
    expect(verification.round.resultMatches).toBe(true);
    expect(verification.round.previousSeedMatches).toBe(true);
    expect(verification.round.terminalHashMatches).toBe(true);
    expect(verification.commitmentChecked).toBe(true);
    expect(verification.round.recomputed.price).toBe(bet.open_price);
  });

  it('leaves the commitment out unless asked', async () => {
    const { bet, fairness } = await settledRound();
    const verification = await verifyBet(bet, fairness, { checkCommitment: false });
    expect(verification.commitmentChecked).toBe(false);
    expect(verification.ok).toBe(true);
  });

  it('fails a result that the seed does not give', async () => {
    const { bet, fairness } = await settledRound();
    const forged = { ...bet, open_price: (bet.open_price ?? 0) + 1 };
    const verification = await verifyBet(forged, fairness, { checkCommitment: false });
    expect(verification.round.resultMatches).toBe(false);
    expect(verification.ok).toBe(false);
  });

  it('fails a seed that is not the chain link after the previous period', async () => {
    const { bet, fairness } = await settledRound();
    const verification = await verifyBet(
      bet,
      { ...fairness, previous_seed: '00'.repeat(32) },
      {
        checkCommitment: true,
      },
    );
    expect(verification.round.previousSeedMatches).toBe(false);
    expect(verification.ok).toBe(false);
  });

  it('fails a published result other than the one the bet was settled on', async () => {
    const { bet, fairness } = await settledRound();
    const verification = await verifyBet(
      bet,
      { ...fairness, number: ((fairness.number ?? 0) + 1) % 10 },
      {
        checkCommitment: false,
      },
    );
    expect(verification.publishedMatches).toBe(false);
    expect(verification.ok).toBe(false);
  });

  it('checks the fee, the contract amount, the payout and the status', async () => {
    const { bet } = await settledRound();
    const digit = Number(bet.result);
    expect(betPayoutMatches(bet, digit)).toBe(true);
    expect(betPayoutMatches({ ...bet, fee: '1.00' }, digit)).toBe(false);
    expect(betPayoutMatches({ ...bet, amount: '999.00' }, digit)).toBe(false);
    expect(betPayoutMatches({ ...bet, status: bet.status === 'S' ? 'F' : 'S' }, digit)).toBe(false);
    // A number guess on the drawn digit pays 9 × 98.
    expect(betPayoutMatches({ ...bet, type: 'N', number: digit, status: 'S', amount: '882.00' }, digit)).toBe(
      true,
    );
  });

  it('refuses a period whose seed is not revealed', async () => {
    const { bet, fairness } = await settledRound();
    await expect(
      verifyBet(bet, { ...fairness, settled: false, seed: null }, { checkCommitment: false }),
    ).rejects.toThrow();
    await expect(verifyBet({ ...bet, result: null }, fairness, { checkCommitment: false })).rejects.toThrow();
  });

  it('checks the commitment at once only up to the named number of hashes', () => {
    expect(checksCommitmentAtOnce(1)).toBe(true);
    expect(checksCommitmentAtOnce(CHAIN_CHECK_AUTO_LINKS)).toBe(true);
    expect(checksCommitmentAtOnce(CHAIN_CHECK_AUTO_LINKS + 1)).toBe(false);
    expect(checksCommitmentAtOnce(0)).toBe(false);
  });
});
