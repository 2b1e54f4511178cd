import { describe, expect, it } from 'vitest';
import {
  containsMalformedText,
  hasLookalikeCharacters,
  isMalformedText,
  optionalText,
  requiredText,
} from './text-field.ts';

describe('malformed text', () => {
  it('is a lone surrogate or a replacement character, never a whole character', () => {
    expect(isMalformedText('a\uD800b')).toBe(true);
    expect(isMalformedText('\uDC00')).toBe(true);
    expect(isMalformedText('\uDE00\uD83D')).toBe(true);
    expect(isMalformedText('price \uFFFD')).toBe(true);
    expect(isMalformedText('Ásha 金 😀 🪔')).toBe(false);
  });

  it('is refused by every text field, naming the field', () => {
    const nick = requiredText('nick_name', { max: 20 });
    const note = optionalText('note', { max: 20 });
    for (const value of ['A\uD800', '\uDFFF', 'x\uFFFD']) {
      expect(nick.safeParse(value).error?.issues[0]?.message).toBe(
        'nick_name must be valid text (it contains malformed characters)',
      );
      expect(note.safeParse(value).success).toBe(false);
    }
    expect(nick.parse(' Asha 😀 ')).toBe('Asha 😀');
  });

  it('is found anywhere inside a JSON value', () => {
    expect(containsMalformedText([{ type: 'email', value: 'a\uFFFD@example.com' }])).toBe(true);
    expect(containsMalformedText({ 'k\uD800': 1 })).toBe(true);
    expect(containsMalformedText([{ type: 'email', value: 'a@example.com' }, 3, null, true])).toBe(false);
  });
});

describe('distinct names (issue 24: nicknames that pass for another)', () => {
  const nick = requiredText('nick_name', { max: 20, displayText: true, distinctName: true });
  const refusal = 'nick_name must not contain invisible characters, no-break spaces or noncharacters';

  it.each([
    ['a tag character', 'Admin\u{E0041}'],
    ['the cancel tag', '\u{E007F}Admin'],
    ['the language tag', 'Ad\u{E0001}min'],
    ['U+FFFF', 'Admin\uFFFF'],
    ['U+FFFE', '\uFFFEAdmin'],
    ['U+FDD0', 'Ad\uFDD0min'],
    ['U+FDEF', 'Admin\uFDEF'],
    ['a supplementary plane noncharacter', 'Admin\u{1FFFF}'],
    ['the last code point', 'Admin\u{10FFFF}'],
    ['a no-break space', 'Gold\u00A0Fan'],
    ['a figure space', 'Gold\u2007Fan'],
    ['a narrow no-break space', 'Gold\u202FFan'],
    ['a no-break space at the end (which trimming would hide)', 'Admin\u00A0'],
    ['an ideographic space', 'Gold\u3000Fan'],
    ['a soft hyphen', 'Ad\u00ADmin'],
    ['a zero-width joiner between letters', 'Ad\u200Dmin'],
    ['a zero-width non-joiner', 'Ad\u200Cmin'],
    ['a word joiner', 'Ad\u2060min'],
    ['an invisible separator', 'Ad\u2063min'],
    ['the Mongolian vowel separator', 'Ad\u180Emin'],
    ['a Hangul filler', 'Admin\u3164'],
    ['the Braille blank', 'Admin\u2800'],
    ['the combining grapheme joiner', 'Ad\u034Fmin'],
    ['a variation selector after a letter', 'Admin\uFE0F'],
  ])('refuses %s', (_name, value) => {
    expect(nick.safeParse(value).error?.issues[0]?.message).toBe(refusal);
    expect(hasLookalikeCharacters(value)).toBe(true);
  });

  it('refuses U+FEFF and bidi controls as invisible formatting, naming the field', () => {
    expect(nick.safeParse('Admin\uFEFF').error?.issues[0]?.message).toMatch(/^nick_name must not contain/);
    expect(nick.safeParse('\u202EnimdA').error?.issues[0]?.message).toMatch(/^nick_name must not contain/);
  });

  it('stores the NFKC form: full-width letters, ligatures and compatibility digits become plain ones', () => {
    expect(nick.parse('Ａｄｍｉｎ')).toBe('Admin');
    expect(nick.parse('ﬁsh ①')).toBe('fish 1');
    expect(nick.parse('Café')).toBe('Café'.normalize('NFKC'));
    expect(nick.parse('Cafe\u0301')).toBe('Café');
  });

  it('keeps emoji whole, joiners and variation selectors inside them included, and other scripts', () => {
    for (const value of [
      '❤️ Asha',
      '👨‍👩‍👧 family',
      '🏳️‍🌈',
      '👍🏽 ok',
      '1️⃣ first',
      'Ásha 金 😀',
      'नमस्ते',
      'Nguyễn',
    ]) {
      expect(nick.parse(value)).toBe(value.normalize('NFKC'));
      expect(hasLookalikeCharacters(value)).toBe(false);
    }
  });

  it('is only for the fields that ask for it: an ordinary text field keeps a no-break space', () => {
    expect(requiredText('address', { max: 40, displayText: true }).parse('12\u00A0MG Road')).toBe(
      '12\u00A0MG Road',
    );
  });
});
