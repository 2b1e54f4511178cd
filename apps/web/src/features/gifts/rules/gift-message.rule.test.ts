import { GiftMessage } from '@app/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from '../../../i18n/i18n.ts';
import { translateGiftMessage } from './gift-message.rule.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('translateGiftMessage', () => {
  it('shows the gift refusals in the interface language', async () => {
    expect(translateGiftMessage(GiftMessage.eventAlreadyJoined)).toBe('You have already opened this gift');
    expect(translateGiftMessage(GiftMessage.alreadyClaimed)).toBe('You have already received this gift');
    await switchLanguage('pt-BR');
    expect(translateGiftMessage(GiftMessage.eventAlreadyJoined)).toBe('Você já abriu este presente');
    expect(translateGiftMessage(GiftMessage.eventNeedsRecharge)).toBe(
      'Faça uma recarga antes de abrir este presente',
    );
    await switchLanguage('vi');
    expect(translateGiftMessage(GiftMessage.eventNotOpen)).toBe('Sự kiện quà tặng này hiện chưa mở');
    await switchLanguage('es-MX');
    expect(translateGiftMessage(GiftMessage.invalidCode)).toBe(
      'Este código de regalo no es válido o ya no tiene regalos',
    );
  });

  it('has a sentence for every refusal a player can meet, and leaves any other message as written', async () => {
    await switchLanguage('pt-BR');
    const playerMessages = Object.entries(GiftMessage).filter(
      ([key]) => key !== 'redeemed' && key !== 'codeTaken' && key !== 'notFound',
    );
    for (const [, message] of playerMessages) expect(translateGiftMessage(message)).not.toBe(message);
    expect(translateGiftMessage('id must be a whole number')).toBe('id must be a whole number');
  });
});
