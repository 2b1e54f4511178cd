import {
  cardCoolingDownMessage,
  getMarket,
  type MarketCode,
  needBetMessage,
  WITHDRAWAL_AMOUNT_SEPARATORS_MESSAGE,
  WithdrawalMessage,
} from '@app/shared';
import { i18n } from '../../../i18n/i18n.ts';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import { formatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { translateBankCardMessage } from '../../bank-cards/rules/bank-card-message.rule.ts';
import { INSUFFICIENT_BALANCE_MESSAGE } from '../../shop/rules/shop-message.rule.ts';

/** The withdrawal refusals a player can meet, by the server's text. */
const WITHDRAWAL_MESSAGES = {
  [WithdrawalMessage.passwordIncorrect]: 'shopMessages.passwordIncorrect',
  [WithdrawalMessage.unknownChannel]: 'withdrawal.messages.unknownChannel',
  [WithdrawalMessage.bankCodeRequired]: 'withdrawal.messages.bankCodeRequired',
  [WithdrawalMessage.unknownBankCode]: 'withdrawal.messages.unknownBankCode',
  [WithdrawalMessage.belowMinimum]: 'withdrawal.messages.belowMinimum',
  [WithdrawalMessage.aboveMaximum]: 'withdrawal.messages.aboveMaximum',
  [WithdrawalMessage.notAboveFee]: 'withdrawal.messages.notAboveFee',
  [WithdrawalMessage.dailyLimit]: 'withdrawal.messages.dailyLimit',
  [WithdrawalMessage.rateLimited]: 'withdrawal.messages.rateLimited',
  [WITHDRAWAL_AMOUNT_SEPARATORS_MESSAGE]: 'withdrawal.messages.amountSeparators',
  [INSUFFICIENT_BALANCE_MESSAGE]: 'shopMessages.insufficientBalance',
} as const;

function isWithdrawalMessage(message: string): message is keyof typeof WITHDRAWAL_MESSAGES {
  return Object.hasOwn(WITHDRAWAL_MESSAGES, message);
}

/**
 * A pattern that reads the variable part back out of a shared message builder: the builder's answer for a
 * sample value, with the sample replaced by a capture. The wording lives once, in the shared contract.
 */
function messagePattern(sampleMessage: string, sample: string, capture: string): RegExp {
  const at = sampleMessage.indexOf(sample);
  if (at < 0) throw new Error(`"${sample}" is not in "${sampleMessage}"`);
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^${literal(sampleMessage.slice(0, at))}${capture}${literal(sampleMessage.slice(at + sample.length))}$`,
  );
}

const NEED_BET_PATTERN = messagePattern(needBetMessage(0), '0.00', '(\\d+\\.\\d{2})');
const COOLING_DOWN_PATTERN = messagePattern(
  cardCoolingDownMessage(0),
  '1970-01-01 00:00',
  '(\\d{4})-(\\d{2})-(\\d{2}) (\\d{2}):(\\d{2})',
);

/** The notice while a wagering requirement remains (spec 02 §8), the amount in the market's format. */
export function needBetText(needsBet: string, market: MarketCode): string {
  return i18n.t('withdrawal.needBet', { amount: formatPrice(needsBet, market) });
}

/**
 * The server answers in English (DESIGN.md: messages are English keys); the app shows the withdrawal and
 * card messages it knows in the interface language, the needs_bet refusal with the amount in the market's
 * format, and the card cool-down with its end on the market's clock; any other message as written.
 */
export function translateWithdrawalMessage(message: string, market: MarketCode): string {
  const trimmed = message.trim();
  if (isWithdrawalMessage(trimmed)) return i18n.t(WITHDRAWAL_MESSAGES[trimmed]);
  const needBet = NEED_BET_PATTERN.exec(trimmed);
  if (needBet?.[1]) return needBetText(needBet[1], market);
  const coolingDown = COOLING_DOWN_PATTERN.exec(trimmed);
  if (coolingDown) {
    const [, year, month, day, hour, minute] = coolingDown.map(Number);
    const until = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0);
    return i18n.t('withdrawal.messages.coolingDown', {
      time: formatDateTime(until, getMarket(market).timeZone),
    });
  }
  return translateBankCardMessage(message, market);
}

/** The text to show for a failed withdrawal call: the server's message (translated when known) or the generic one. */
export function withdrawalErrorText(error: unknown, market: MarketCode): string {
  return translateWithdrawalMessage(errorMessage(error), market);
}
