import { parseMoneyToMinor } from './money.ts';

/**
 * The server's input messages (DESIGN.md "API conventions": a 400 names the field and says why) are English
 * sentences that start with the field's wire name: "price must be at least 100.00", "full_name is required".
 * They are written by the zod schemas of this package and a few service rules. This reads one back into
 * its parts, so the app can put the message under its field and say it in the player's language with
 * numbers and money formatted for the market.
 */
export type InputMessageRule =
  | 'required'
  | 'notText'
  | 'tooShort'
  | 'tooLong'
  | 'amountAtLeast'
  | 'amountAtMost'
  | 'numberAtLeast'
  | 'numberAtMost'
  | 'positive'
  | 'number'
  | 'wholeNumber'
  | 'decimals'
  | 'separators'
  | 'overBalance'
  | 'digits'
  | 'controlCharacters'
  | 'invisibleCharacters'
  | 'invalid';

export interface ParsedInputMessage {
  /** The field's wire name ("full_name"). */
  field: string;
  rule: InputMessageRule;
  /** Lengths and counts as numbers; amounts in minor units (`amountMinor`). */
  params: { count?: number; amountMinor?: number };
}

const FIELD = /^([a-z][a-z0-9_]*) (.+)$/;
const AMOUNT = /^\d+\.\d{2}$/;

/** The reasons after the field name, most specific first; anything else about a field reads as "invalid". */
const REASONS: ReadonlyArray<{
  pattern: RegExp;
  parse: (match: RegExpExecArray) => Pick<ParsedInputMessage, 'rule' | 'params'> | null;
}> = [
  { pattern: /^is required$/, parse: () => ({ rule: 'required', params: {} }) },
  { pattern: /^must be text$/, parse: () => ({ rule: 'notText', params: {} }) },
  {
    pattern: /^must be at least (\d+) characters$/,
    parse: (match) => ({ rule: 'tooShort', params: { count: Number(match[1]) } }),
  },
  {
    pattern: /^must be at most (\d+) characters$/,
    parse: (match) => ({ rule: 'tooLong', params: { count: Number(match[1]) } }),
  },
  {
    pattern: /^must be at (least|most) (\d+(?:\.\d{2})?)$/,
    parse: (match) => {
      const least = match[1] === 'least';
      const value = match[2] ?? '';
      if (AMOUNT.test(value)) {
        const parsed = parseMoneyToMinor(value);
        if (!parsed.ok) return null;
        return {
          rule: least ? 'amountAtLeast' : 'amountAtMost',
          params: { amountMinor: parsed.amountMinor },
        };
      }
      return { rule: least ? 'numberAtLeast' : 'numberAtMost', params: { count: Number(value) } };
    },
  },
  { pattern: /^must be greater than 0$/, parse: () => ({ rule: 'positive', params: {} }) },
  { pattern: /^must be a number$/, parse: () => ({ rule: 'number', params: {} }) },
  { pattern: /^must be a (?:positive )?whole number$/, parse: () => ({ rule: 'wholeNumber', params: {} }) },
  { pattern: /^must have at most 2 decimals$/, parse: () => ({ rule: 'decimals', params: {} }) },
  {
    pattern: /^must have at most one decimal separator/,
    parse: () => ({ rule: 'separators', params: {} }),
  },
  {
    pattern: /^must be (\d+) digits$/,
    parse: (match) => ({ rule: 'digits', params: { count: Number(match[1]) } }),
  },
  {
    pattern: /^must not contain control characters$/,
    parse: () => ({ rule: 'controlCharacters', params: {} }),
  },
  {
    // Bidi and zero-width formatting, and (names, issue 24) no-break spaces, tag characters, noncharacters.
    pattern:
      /^must not contain invisible (?:formatting characters|characters, no-break spaces or noncharacters)$/,
    parse: () => ({ rule: 'invisibleCharacters', params: {} }),
  },
  { pattern: /^(?:must|is not|are not)\b/, parse: () => ({ rule: 'invalid', params: {} }) },
];

/** Reads a server input message into field, rule and parameters; null for any other message. */
export function parseInputMessage(message: string): ParsedInputMessage | null {
  const match = FIELD.exec(message.trim());
  if (!match) return null;
  const [, field = '', reason = ''] = match;
  for (const { pattern, parse } of REASONS) {
    const reasonMatch = pattern.exec(reason);
    if (!reasonMatch) continue;
    const parsed = parse(reasonMatch);
    return parsed ? { field, ...parsed } : null;
  }
  return null;
}
