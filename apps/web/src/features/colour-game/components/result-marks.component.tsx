import { useTranslation } from 'react-i18next';
import { type ResultColour, resultColours } from '../rules/guess-display.rule.ts';
import styles from './colour-game.module.css';

const COLOUR_CLASS: Readonly<Record<ResultColour, string | undefined>> = {
  green: styles.green,
  red: styles.red,
  violet: styles.violet,
};

const COLOUR_GUESS: Readonly<Record<ResultColour, 'G' | 'R' | 'V'>> = { green: 'G', red: 'R', violet: 'V' };

/** The class of a result colour. */
export function colourClass(colour: ResultColour): string {
  return COLOUR_CLASS[colour] ?? '';
}

/** The class of a digit's cell: its main colour, half violet for 0 and 5. */
export function digitCellClass(digit: number): string {
  const [main, violet] = resultColours(digit);
  if (violet) return main === 'green' ? (styles.greenViolet ?? '') : (styles.redViolet ?? '');
  return main ? colourClass(main) : '';
}

/** The colour dots of a result digit: its main colour, and violet for 0 and 5; named for screen readers. */
export function ResultDots({ digit }: { digit: number }) {
  const { t } = useTranslation();
  const colours = resultColours(digit);
  const names = colours.map((colour) => t(`colourGame.guess.${COLOUR_GUESS[colour]}`)).join(', ');
  return (
    <span
      className={styles.dots}
      role="img"
      aria-label={names}
      data-testid="result-dots"
      data-colours={colours.join(' ')}
    >
      {colours.map((colour) => (
        <span key={colour} className={`${styles.dot} ${colourClass(colour)}`} />
      ))}
    </span>
  );
}

/** A result digit in its main colour. */
export function DigitText({ digit }: { digit: number }) {
  const [main] = resultColours(digit);
  return <span className={`${styles.digitText} ${main ? colourClass(main) : ''}`}>{digit}</span>;
}
