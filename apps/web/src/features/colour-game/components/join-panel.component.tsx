import { COLOUR_DIGITS } from '@app/shared';
import { useTranslation } from 'react-i18next';
import type { BetSelection } from '../rules/bet.rule.ts';
import styles from './colour-game.module.css';
import { digitCellClass } from './result-marks.component.tsx';

const COLOUR_BUTTONS = [
  { type: 'G', className: styles.green },
  { type: 'V', className: styles.violet },
  { type: 'R', className: styles.red },
] as const;

/** Join Green, Join Violet, Join Red and the numbers 0-9; all disabled while bets are closed (spec 02 §4). */
export function JoinPanel({
  locked,
  onJoin,
}: {
  locked: boolean;
  onJoin: (selection: BetSelection) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.card} data-testid="colour-join-panel">
      <div className={styles.joinRow}>
        {COLOUR_BUTTONS.map(({ type, className }) => (
          <button
            key={type}
            type="button"
            className={`${styles.joinButton} ${className}`}
            disabled={locked}
            onClick={() => onJoin({ type, number: null })}
            data-testid={`colour-join-${type}`}
          >
            {t(`colourGame.join.${type}`)}
          </button>
        ))}
      </div>
      <div className={styles.digits}>
        {COLOUR_DIGITS.map((digit) => (
          <button
            key={digit}
            type="button"
            className={`${styles.digitButton} ${digitCellClass(digit)}`}
            disabled={locked}
            onClick={() => onJoin({ type: 'N', number: digit })}
            aria-label={t('colourGame.selectNumber', { number: digit })}
            data-testid={`colour-join-number-${digit}`}
          >
            {digit}
          </button>
        ))}
      </div>
      {locked ? <p className={styles.closedHint}>{t('colourGame.betsClosed')}</p> : null}
    </div>
  );
}
