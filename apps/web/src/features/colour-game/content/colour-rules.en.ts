import type { ColourRulesContent } from './colour-rules.ts';

/** The colour game's rules in English, the base text. */
export const colourRulesEn: ColourRulesContent = {
  rule: [
    'Every period lasts 3 minutes: 2 minutes 30 seconds to place contracts and 30 seconds to show the result. There are 480 periods a day, numbered 001 to 480.',
    "Contracts close when 30 seconds or less remain in the period. The server's clock decides, whatever the clock of your device shows.",
    'A service fee of 2% is taken from every contract: if you spend 100, your contract amount is 98.',
    'JOIN GREEN: if the result is 1, 3, 7 or 9 you get 98 × 2 = 196; if the result is 5 you get 98 × 1.5 = 147.',
    'JOIN RED: if the result is 2, 4, 6 or 8 you get 98 × 2 = 196; if the result is 0 you get 98 × 1.5 = 147.',
    'JOIN VIOLET: if the result is 0 or 5 you get 98 × 4.5 = 441.',
    'SELECT NUMBER: if the result is the number you selected you get 98 × 9 = 882.',
    "The result is the last digit of the open price, a number from 10000 to 99999 drawn from the period's secret seed. The seeds form a hash chain whose final hash is published before the first period; each seed is revealed when its period is settled, so you can check every result with Verify in My records.",
  ],
  presale: [
    'These rules protect everyone who takes part in a presale and keep presales orderly.',
    'A presale books goods with a deposit before they are delivered. By ticking I agree you book the goods of your contract under these rules.',
    'Deposit: the deposit can be paid during the deposit window, which lasts up to 7 days.',
    'Final payment: the rest of the price is paid within 7 days after the deposit window closes. A booking whose final payment is not made in time is cancelled.',
  ],
};
