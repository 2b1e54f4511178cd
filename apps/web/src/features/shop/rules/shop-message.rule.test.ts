import { MAX_ADDRESSES_PER_USER, ShopMessage } from '@app/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../i18n/i18n.ts';
import { ApiFailure } from '../../../shared/api/api-errors.ts';
import {
  INSUFFICIENT_BALANCE_MESSAGE,
  PLAYER_SHOP_MESSAGES,
  shopErrorText,
  translateShopMessage,
} from './shop-message.rule.ts';

afterEach(async () => {
  await switchLanguage('en');
});

describe('translateShopMessage', () => {
  it('gives back the server text itself in English, for every message a player can meet', () => {
    for (const key of PLAYER_SHOP_MESSAGES) {
      expect(translateShopMessage(ShopMessage[key]), key).toBe(ShopMessage[key]);
    }
    expect(translateShopMessage(INSUFFICIENT_BALANCE_MESSAGE)).toBe('Insufficient balance');
    expect(translateShopMessage(ShopMessage.addressLimit)).toBe(
      `You can keep at most ${MAX_ADDRESSES_PER_USER} addresses`,
    );
  });

  it('translates the known messages into the interface language', async () => {
    await switchLanguage('pt-BR');
    expect(translateShopMessage(ShopMessage.passwordIncorrect)).toBe('Senha incorreta');
    expect(translateShopMessage(INSUFFICIENT_BALANCE_MESSAGE)).toBe('Saldo insuficiente');
    expect(translateShopMessage(ShopMessage.addressLimit)).toBe(
      `Você pode manter no máximo ${MAX_ADDRESSES_PER_USER} endereços`,
    );
  });

  it('leaves any other message as the server wrote it', async () => {
    await switchLanguage('vi');
    expect(translateShopMessage('full_name is required')).toBe('full_name is required');
  });
});

describe('shopErrorText', () => {
  it("uses the failure's message, translated, or the generic text for a network failure", () => {
    expect(shopErrorText(new ApiFailure({ code: 400, msg: 'Sold out' }))).toBe('Sold out');
    expect(shopErrorText(new TypeError('Failed to fetch'))).toBe(
      'An error occurred, please try again later.',
    );
  });
});
