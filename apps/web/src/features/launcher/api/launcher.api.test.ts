import { describe, expect, it } from 'vitest';
import { isBalanceMessage } from './launcher.api.ts';

describe('launcher messages', () => {
  it('recognises only the balance message of a framed game', () => {
    expect(isBalanceMessage({ type: 'exg:balance', balance_minor: 100 })).toBe(true);
    expect(isBalanceMessage({ type: 'other' })).toBe(false);
    expect(isBalanceMessage('exg:balance')).toBe(false);
    expect(isBalanceMessage(null)).toBe(false);
  });
});
