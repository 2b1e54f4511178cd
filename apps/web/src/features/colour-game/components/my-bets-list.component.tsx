import type { UserGuessDto } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { BetDetails, useSelectionLabel } from './bet-details.component.tsx';
import styles from './colour-game.module.css';

/** The player's bets (spec 02 §2 "My records"): one row each, which expands to the bet's details. */
export function MyBetsList({ rows }: { rows: readonly UserGuessDto[] }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const selectionLabel = useSelectionLabel();
  const [expanded, setExpanded] = useState<number | null>(null);
  return (
    <ul className={styles.betList} data-testid="my-bets">
      {rows.map((bet) => {
        const open = expanded === bet.id;
        return (
          <li key={bet.id} data-testid="my-bet-row" data-status={bet.status}>
            <button
              type="button"
              className={styles.betRow}
              aria-expanded={open}
              onClick={() => setExpanded(open ? null : bet.id)}
              data-testid="my-bet-toggle"
            >
              <span data-testid="my-bet-period">{bet.period}</span>
              <span>{selectionLabel(bet)}</span>
              <span className={styles[`status_${bet.status}`]} data-testid="my-bet-status">
                {t(`colourGame.status.${bet.status}`)}
              </span>
              <span data-testid="my-bet-amount">{bet.status === 'W' ? '—' : formatPrice(bet.amount)}</span>
            </button>
            {open ? <BetDetails bet={bet} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
