import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { BettingOpeningState } from '../hooks/use-betting-opening.hook.ts';
import type { RoundClockState } from '../hooks/use-round-clock.hook.ts';
import { formatCountdown } from '../rules/round-clock.rule.ts';
import styles from './colour-game.module.css';
import { CountdownRing } from './countdown-ring.component.tsx';

export interface RoundHeaderProps {
  /** The open period's number; the history screens call it the next period. */
  period: string;
  periodLabel: string;
  clock: RoundClockState | null;
  onContinue: () => void;
  /** A reload started by Continue is in flight. */
  continuing: boolean;
  /** Betting has not opened yet (a fresh start): says when it opens instead of the round's countdown. */
  opening?: BettingOpeningState | null;
}

/**
 * The period number and the mm:ss countdown; once the period has ended the countdown gives way to
 * Continue, disabled for its first 2.5 s (spec 02 §4).
 */
export function RoundHeader({
  period,
  periodLabel,
  clock,
  onContinue,
  continuing,
  opening,
}: RoundHeaderProps) {
  const { t } = useTranslation();
  if (opening) {
    return (
      <div className={styles.round}>
        <div>
          <span className={styles.roundLabel}>{periodLabel}</span>
          <strong className={styles.roundValue} data-testid="colour-period">
            {period}
          </strong>
        </div>
        <div className={styles.roundRight} data-testid="colour-betting-opens">
          {opening.secondsLeft === null ? (
            <span className={styles.roundLabel}>{t('colourGame.bettingOpensSoon')}</span>
          ) : (
            <>
              <span className={styles.roundLabel}>{t('colourGame.bettingOpensIn')}</span>
              <strong className={styles.roundValue}>{formatCountdown(opening.secondsLeft)}</strong>
            </>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className={styles.round}>
      <div>
        <span className={styles.roundLabel}>{periodLabel}</span>
        <strong className={styles.roundValue} data-testid="colour-period">
          {period}
        </strong>
      </div>
      <div className={styles.roundRight}>
        {clock?.ended ? (
          <Button
            color="primary"
            size="small"
            disabled={!clock.continueEnabled}
            loading={continuing}
            onClick={onContinue}
            data-testid="colour-continue"
          >
            {t('colourGame.continue')}
          </Button>
        ) : (
          <>
            <span className={styles.roundLabel}>{t('colourGame.countDown')}</span>
            <CountdownRing
              secondsLeft={clock?.secondsLeft ?? 0}
              locked={clock?.betLocked ?? true}
              label={clock ? formatCountdown(clock.secondsLeft) : '--:--'}
            />
          </>
        )}
      </div>
    </div>
  );
}
