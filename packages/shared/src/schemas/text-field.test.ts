import { describe, expect, it } from 'vitest';
import { containsMalformedText, isMalformedText, optionalText, requiredText } from './text-field.ts';

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
