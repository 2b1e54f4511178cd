import { MAX_BANK_CARDS_PER_USER, type MarketCode, ServerMessage, WithdrawalMessage } from '@app/shared';
import { i18n } from '../../../i18n/i18n.ts';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';

/** The card messages a player can meet, by the server's text. */
const CARD_MESSAGES = {
  [WithdrawalMessage.cardNotFound]: 'bankCards.messages.notFound',
  [WithdrawalMessage.cardLimit]: 'bankCards.messages.limit',
  [WithdrawalMessage.cardSaved]: 'bankCards.messages.saved',
  [WithdrawalMessage.cardDeleted]: 'bankCards.messages.deleted',
  [WithdrawalMessage.verifyCodeRequired]: 'auth.validation.verifyCodeRequired',
} as const;

function isCardMessage(message: string): message is keyof typeof CARD_MESSAGES {
  return Object.hasOwn(CARD_MESSAGES, message);
}

/**
 * The server answers in English (DESIGN.md: messages are English keys); the app shows the card messages it
 * knows in the interface language, and any other as the server wrote it. For mx the card's UPI field is
 * called Clabe, so "UPI Account can not be empty" shows as "Clabe can not be empty" (spec 01 §8).
 */
export function translateBankCardMessage(message: string, market: MarketCode): string {
  const trimmed = message.trim();
  if (market === 'mx' && trimmed === ServerMessage.upiAccountEmpty)
    return i18n.t('bankCards.messages.clabeEmpty');
  return isCardMessage(trimmed) ? i18n.t(CARD_MESSAGES[trimmed], { max: MAX_BANK_CARDS_PER_USER }) : message;
}

/** The text to show for a failed card call: the server's message (translated when known) or the generic one. */
export function bankCardErrorText(error: unknown, market: MarketCode): string {
  return translateBankCardMessage(errorMessage(error), market);
}
