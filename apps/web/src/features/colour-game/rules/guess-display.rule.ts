import { digitColours, type GuessType } from '@app/shared';

/** A colour a result digit shows, as the style names of the records and history tables. */
export type ResultColour = 'green' | 'red' | 'violet';

/** The colours of a result digit, in the order the dots show: the main colour, then violet for 0 and 5. */
export function resultColours(digit: number): ResultColour[] {
  const colours = digitColours(digit);
  const names: ResultColour[] = [colours.green ? 'green' : 'red'];
  if (colours.violet) names.push('violet');
  return names;
}

/** The main colour of a row from its flags: green or red (violet always comes with one of them). */
export function mainColour(row: { is_green: boolean; is_red: boolean }): 'green' | 'red' {
  return row.is_green && !row.is_red ? 'green' : 'red';
}

/** The colour a Join button and a bet's selection show. */
export function selectionColour(type: GuessType): ResultColour | 'number' {
  switch (type) {
    case 'G':
      return 'green';
    case 'R':
      return 'red';
    case 'V':
      return 'violet';
    case 'N':
      return 'number';
  }
}

/** The result digit of a bet (the server sends it as text), or null while the bet waits. */
export function resultDigit(result: string | null): number | null {
  if (result === null || !/^\d$/.test(result)) return null;
  return Number(result);
}
