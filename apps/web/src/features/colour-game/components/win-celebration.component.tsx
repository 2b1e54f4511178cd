import type { UserGuessDto } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import styles from './colour-game.module.css';

/** How long the celebration stays on screen. */
export const CELEBRATION_MS = 2800;
/** Coins that fall; positions and delays come from their index, so the drawing is the same every time. */
const COIN_COUNT = 14;

/**
 * Which of the player's bets were seen waiting and are now won: only those celebrate, so opening /win on an
 * old win does not.
 */
export function newlyWonBets(waitingIds: ReadonlySet<number>, rows: readonly UserGuessDto[]): UserGuessDto[] {
  return rows.filter((row) => row.status === 'S' && waitingIds.has(row.id));
}

/** A short celebration (falling gold coins and the amount won) when a bet the player watched is won. */
export function WinCelebration({ rows }: { rows: readonly UserGuessDto[] | undefined }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const waitingIds = useRef(new Set<number>());
  const [won, setWon] = useState<UserGuessDto | null>(null);

  useEffect(() => {
    if (!rows) return;
    const [first] = newlyWonBets(waitingIds.current, rows);
    for (const row of rows) {
      if (row.status === 'W') waitingIds.current.add(row.id);
      else waitingIds.current.delete(row.id);
    }
    if (first) setWon(first);
  }, [rows]);

  useEffect(() => {
    if (!won) return;
    const timer = window.setTimeout(() => setWon(null), CELEBRATION_MS);
    return () => window.clearTimeout(timer);
  }, [won]);

  if (!won) return null;
  return (
    <div className={styles.celebration} role="status" data-testid="win-celebration">
      {Array.from({ length: COIN_COUNT }, (_, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the coins are decoration without identity.
          key={index}
          className={styles.coin}
          style={{ left: `${(index * 37) % 100}%`, animationDelay: `${(index % 7) * 0.12}s` }}
          aria-hidden="true"
        />
      ))}
      <div className={styles.celebrationCard}>
        <span className={styles.celebrationTitle}>{t('look.youWon')}</span>
        <strong className={styles.celebrationAmount}>{formatPrice(won.amount)}</strong>
      </div>
    </div>
  );
}
