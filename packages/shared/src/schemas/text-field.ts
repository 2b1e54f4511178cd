import { z } from 'zod';

/** C0 and C1 control characters and DEL: never part of a legitimate field. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * Malformed text: a lone UTF-16 surrogate (half of a pair, which no character is) or U+FFFD, the
 * replacement character a decoder leaves where the bytes sent were not valid UTF-8. Neither is something a
 * person typed, and stored it would show as garbage (or break another system's encoder).
 */
const MALFORMED_TEXT = /[\p{Cs}\uFFFD]/u;

/**
 * Invisible characters that change how text around them is shown (bidi overrides, zero-width spaces, line
 * separators); refused in text that other people see, such as a nickname, so it cannot be spoofed.
 */
const INVISIBLE_FORMATTING = /[\u200B\u200E\u200F\u202A-\u202E\u2028\u2029\u2066-\u2069\uFEFF]/u;

/**
 * Characters that let one name pass for another (issue 24), refused in names other people see before the
 * name is NFKC-normalised (normalising would turn the no-break spaces into plain ones without a word):
 * - format characters (\p{Cf}: zero-width spaces and joiners, soft hyphen, bidi marks, word joiner,
 *   invisible operators, U+FEFF, interlinear annotations …), which include the tag characters
 *   U+E0000–U+E007F; a zero-width joiner inside an emoji sequence (👨‍👩‍👧) is allowed, see EMOJI_SEQUENCE_PARTS;
 * - every space but U+0020 (\p{Zs}: the no-break spaces U+00A0, U+2007, U+202F, the ideographic and the
 *   typographic spaces), and line and paragraph separators (\p{Zl}, \p{Zp});
 * - noncharacters (isNoncharacter): U+FDD0–U+FDEF and the last two code points of every plane;
 * - characters drawn as nothing: the Hangul fillers, the Braille blank, the combining grapheme joiner, the
 *   Khmer inherent vowels, Mongolian free variation selectors, and variation selectors outside emoji.
 */
const LOOKALIKE_CHARACTER =
  /\p{Cf}|[^\P{Zs} ]|\p{Zl}|\p{Zp}|[\u115F\u1160\u3164\uFFA0\u2800]|\u034F|\u17B4|\u17B5|[\u180B-\u180F]|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]/u;

/** Whether a code point is a noncharacter: U+FDD0–U+FDEF, or U+xFFFE or U+xFFFF of any plane. */
function isNoncharacter(codePoint: number): boolean {
  return (codePoint >= 0xfdd0 && codePoint <= 0xfdef) || (codePoint & 0xfffe) === 0xfffe;
}

/**
 * The parts of emoji sequences that are invisible on their own and allowed in names inside an emoji only: a
 * variation selector 16 (❤️) after a pictograph or a keycap's digit, and a zero-width joiner between two
 * pictographs (👨‍👩‍👧, 🏳️‍🌈). They are removed before LOOKALIKE_CHARACTER looks, so anywhere else they are refused.
 */
const EMOJI_SEQUENCE_PARTS =
  /(?<=[\p{Extended_Pictographic}#*0-9])\uFE0F|(?<=\p{Extended_Pictographic}[\uFE0F\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;

/** Whether a name holds a character that could make it pass for another name (see LOOKALIKE_CHARACTER). */
export function hasLookalikeCharacters(text: string): boolean {
  if (LOOKALIKE_CHARACTER.test(text.replace(EMOJI_SEQUENCE_PARTS, ''))) return true;
  for (const character of text) {
    if (isNoncharacter(character.codePointAt(0) ?? 0)) return true;
  }
  return false;
}

export interface TextFieldOptions {
  /** Most characters (Unicode code points) allowed after trimming. */
  max: number;
  /** Fewest characters allowed after trimming; a required field always needs at least 1. */
  min?: number;
  /** Whether surrounding whitespace is removed first (default true; passwords keep theirs). */
  trim?: boolean;
  /** Also refuse invisible formatting characters (text shown to other people). */
  displayText?: boolean;
  /**
   * A name other people see and tell apart (a nickname): refuses the characters of LOOKALIKE_CHARACTER, then
   * stores the NFKC form (full-width "Ａｄｍｉｎ" is "Admin", the ligature "ﬁ" is "fi").
   */
  distinctName?: boolean;
  /** A pattern the trimmed value must match, and the message when it does not (starting with the field). */
  pattern?: { regex: RegExp; message: string };
}

/** Whether text is malformed: it holds a lone surrogate or a replacement character (see MALFORMED_TEXT). */
export function isMalformedText(text: string): boolean {
  return MALFORMED_TEXT.test(text);
}

/** Whether any string inside a JSON value (an operator setting, say) is malformed text. */
export function containsMalformedText(value: unknown): boolean {
  if (typeof value === 'string') return isMalformedText(value);
  if (Array.isArray(value)) return value.some(containsMalformedText);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => isMalformedText(key) || containsMalformedText(item));
  }
  return false;
}

/** Counts characters as a person does: one per code point, so an emoji is one character. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

function wrongTypeMessage(field: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? `${field} is required` : `${field} must be text`;
}

/** Applies the shared checks; answers the cleaned value, '' for an empty one, or reports an issue. */
function checkText(
  field: string,
  options: TextFieldOptions,
  raw: string,
  ctx: z.RefinementCtx,
): string | typeof z.NEVER {
  if (isMalformedText(raw)) {
    ctx.addIssue({
      code: 'custom',
      message: `${field} must be valid text (it contains malformed characters)`,
    });
    return z.NEVER;
  }
  if (CONTROL_CHARACTER.test(raw)) {
    ctx.addIssue({ code: 'custom', message: `${field} must not contain control characters` });
    return z.NEVER;
  }
  if (options.displayText && INVISIBLE_FORMATTING.test(raw)) {
    ctx.addIssue({ code: 'custom', message: `${field} must not contain invisible formatting characters` });
    return z.NEVER;
  }
  let text = raw;
  if (options.distinctName) {
    // The raw text is checked (NFKC would quietly turn a no-break space into a space), and so is its NFKC
    // form, in case a compatibility character decomposes into one of them.
    text = raw.normalize('NFKC');
    if (hasLookalikeCharacters(raw) || hasLookalikeCharacters(text) || CONTROL_CHARACTER.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message: `${field} must not contain invisible characters, no-break spaces or noncharacters`,
      });
      return z.NEVER;
    }
  }
  // Only whitespace counts as empty even where whitespace is kept (a password of spaces is no password).
  if (text.trim() === '') return '';
  const value = options.trim === false ? text : text.trim();
  const length = characterCount(value);
  const min = options.min ?? 1;
  if (length < min) {
    ctx.addIssue({ code: 'custom', message: `${field} must be at least ${min} characters` });
    return z.NEVER;
  }
  if (length > options.max) {
    ctx.addIssue({ code: 'custom', message: `${field} must be at most ${options.max} characters` });
    return z.NEVER;
  }
  if (options.pattern && !options.pattern.regex.test(value)) {
    ctx.addIssue({ code: 'custom', message: options.pattern.message });
    return z.NEVER;
  }
  return value;
}

/**
 * A required text field: missing, null, of another type, empty (after trimming), too long or containing
 * control characters each fail with a message that starts with the field name.
 */
export function requiredText(field: string, options: TextFieldOptions) {
  return z.string({ error: wrongTypeMessage(field) }).transform((raw, ctx) => {
    const value = checkText(field, options, raw, ctx);
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: `${field} is required` });
      return z.NEVER;
    }
    return value;
  });
}

/** An optional text field: missing, null and empty all mean "not given" (undefined); other rules as required. */
export function optionalText(field: string, options: TextFieldOptions) {
  return z
    .string({ error: wrongTypeMessage(field) })
    .nullish()
    .transform((raw, ctx): string | undefined => {
      if (raw === undefined || raw === null) return undefined;
      const value = checkText(field, options, raw, ctx);
      return value === '' ? undefined : value;
    });
}
