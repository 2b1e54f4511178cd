import { describe, expect, it } from 'vitest';
import { mainColour, resultColours, resultDigit, selectionColour } from './guess-display.rule.ts';

describe('guess display', () => {
  it('colours odd digits green, even red, and 0 and 5 also violet', () => {
    expect(resultColours(1)).toEqual(['green']);
    expect(resultColours(5)).toEqual(['green', 'violet']);
    expect(resultColours(0)).toEqual(['red', 'violet']);
    expect(resultColours(8)).toEqual(['red']);
  });

  it('takes the main colour of a row from its flags', () => {
    expect(mainColour({ is_green: true, is_red: false })).toBe('green');
    expect(mainColour({ is_green: false, is_red: true })).toBe('red');
  });

  it('colours a selection by its guess type', () => {
    expect(selectionColour('V')).toBe('violet');
    expect(selectionColour('N')).toBe('number');
  });

  it('reads the result digit sent as text', () => {
    expect(resultDigit('7')).toBe(7);
    expect(resultDigit(null)).toBeNull();
    expect(resultDigit('10')).toBeNull();
  });
});
