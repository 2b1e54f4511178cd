import {
  cardCoolingDownMessage,
  needBetMessage,
  WITHDRAWAL_AMOUNT_SEPARATORS_MESSAGE,
  WithdrawalMessage,
} from '@app/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from '../../../i18n/i18n.ts';
import { translateWithdrawalMessage } from './withdrawal-message.rule.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('translateWithdrawalMessage', () => {
  it('shows the needs_bet refusal with the amount in the market format (spec 02 §8)', () => {
    expect(translateWithdrawalMessage(needBetMessage(150_050), 'in')).toBe(
      'Need to bet ₹1,500.50 to be able to withdraw',
    );
    expect(translateWithdrawalMessage(needBetMessage(150_050), 'pt')).toBe(
      'Need to bet R$\u00a01.500,50 to be able to withdraw',
    );
  });

  it("shows the card cool-down's end on the market's clock", () => {
    const until = Date.UTC(2025, 2, 2, 4, 30);
    expect(translateWithdrawalMessage(cardCoolingDownMessage(until), 'in')).toBe(
      `This bank card was added or changed recently and can receive withdrawals from 2025-03-02 10:00`,
    );
  });

  it('translates the known refusals and leaves any other message as the server wrote it', async () => {
    expect(translateWithdrawalMessage(WithdrawalMessage.passwordIncorrect, 'in')).toBe(
      'Password is incorrect',
    );
    expect(translateWithdrawalMessage(WithdrawalMessage.cardNotFound, 'in')).toBe('Bank card not found');
    expect(translateWithdrawalMessage('amount must be a number', 'in')).toBe('amount must be a number');
    await switchLanguage('pt-BR');
    expect(translateWithdrawalMessage(WithdrawalMessage.dailyLimit, 'pt')).toBe(
      'Você atingiu o número de saques permitidos hoje',
    );
    expect(translateWithdrawalMessage('Insufficient balance', 'pt')).toBe('Saldo insuficiente');
  });

  it('explains an amount refused for its thousands separators in the interface language', async () => {
    expect(translateWithdrawalMessage(WITHDRAWAL_AMOUNT_SEPARATORS_MESSAGE, 'in')).toContain('1234.56');
    await switchLanguage('pt-BR');
    expect(translateWithdrawalMessage(WITHDRAWAL_AMOUNT_SEPARATORS_MESSAGE, 'pt')).toBe(
      'Digite o valor com um único separador decimal e sem separador de milhar, por exemplo 1234,56',
    );
  });
});
