import type { GuessPeriodDto } from '@app/shared';
import { useTranslation } from 'react-i18next';
import styles from './colour-game.module.css';
import { digitCellClass } from './result-marks.component.tsx';

/**
 * The room's newest result as a ball that flips in: keyed by period, so each new draw is revealed once
 * when it arrives, and a player who returns sees it still.
 */
export function LatestResult({ row }: { row: GuessPeriodDto | undefined }) {
  const { t } = useTranslation();
  if (!row) return null;
  return (
    <div className={styles.latest} data-testid="latest-result">
      <span className={styles.roundLabel}>{t('look.lastResult', { period: row.period })}</span>
      <span
        key={row.period}
        className={`${styles.resultBall} ${digitCellClass(row.last_num)}`}
        data-testid="latest-result-ball"
      >
        {row.last_num}
      </span>
    </div>
  );
}
