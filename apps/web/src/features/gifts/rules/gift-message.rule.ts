import { GiftMessage } from '@app/shared';
import { i18n } from '../../../i18n/i18n.ts';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';

type GiftMessageKey = Exclude<keyof typeof GiftMessage, 'redeemed' | 'codeTaken' | 'notFound'>;

/** The gift refusals a player can meet (not the operator's code-taken), by the server's text. */
const GIFT_KEYS_BY_TEXT: ReadonlyMap<string, GiftMessageKey> = new Map(
  (Object.keys(GiftMessage) as Array<keyof typeof GiftMessage>)
    .filter((key): key is GiftMessageKey => key !== 'redeemed' && key !== 'codeTaken' && key !== 'notFound')
    .map((key) => [GiftMessage[key], key] as const),
);

/**
 * The server answers in English (DESIGN.md: messages are English keys); the app shows the gift code and
 * gift event refusals it knows in the interface language, and any other message as the server wrote it.
 */
export function translateGiftMessage(message: string): string {
  const key = GIFT_KEYS_BY_TEXT.get(message.trim());
  return key ? i18n.t(`promo.giftMessages.${key}`) : message;
}

/** The text of the Fail dialog of a refused gift call: the server's message, translated when known. */
export function giftErrorText(error: unknown): string {
  return translateGiftMessage(errorMessage(error));
}
