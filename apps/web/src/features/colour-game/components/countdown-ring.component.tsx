import { COLOUR_PERIOD_SECONDS } from '@app/shared';
import styles from './colour-game.module.css';

/** The ring's radius in its 64×64 drawing, and the length of its circle. */
const RING_RADIUS = 28;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/**
 * The countdown as a ring that empties over the period: gold while bets are open, red and pulsing once
 * they are locked. The time in the middle is the text screen readers and tests read.
 */
export function CountdownRing({
  secondsLeft,
  locked,
  label,
}: {
  secondsLeft: number;
  locked: boolean;
  label: string;
}) {
  const fraction = Math.min(1, Math.max(0, secondsLeft / COLOUR_PERIOD_SECONDS));
  return (
    <span className={`${styles.ring} ${locked ? styles.ringLocked : ''}`} data-testid="countdown-ring">
      <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <circle className={styles.ringTrack} cx="32" cy="32" r={RING_RADIUS} />
        <circle
          className={styles.ringProgress}
          cx="32"
          cy="32"
          r={RING_RADIUS}
          strokeDasharray={RING_LENGTH}
          strokeDashoffset={RING_LENGTH * (1 - fraction)}
        />
      </svg>
      <strong className={styles.ringTime} data-testid="colour-countdown">
        {label}
      </strong>
    </span>
  );
}
