import type { UserGuessDto } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { useFormatDateTime } from '../../../shared/format/date-time.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { fetchFairness } from '../api/colour-game.api.ts';
import { colourQueryKeys } from '../hooks/colour-query-keys.ts';
import { resultDigit } from '../rules/guess-display.rule.ts';
import styles from './colour-game.module.css';
import { DigitText, ResultDots } from './result-marks.component.tsx';
import { VerifyPanel } from './verify-panel.component.tsx';

/** A bet's selection as text: Green, Red, Violet or Number n. */
export function useSelectionLabel(): (bet: Pick<UserGuessDto, 'type' | 'number'>) => string {
  const { t } = useTranslation();
  return (bet) =>
    bet.type === 'N'
      ? t('colourGame.guess.N', { number: bet.number ?? 0 })
      : t(`colourGame.guess.${bet.type}`);
}

/** The period's revealed seed and the Verify action; the seed is fetched when the details open. */
function Fairness({ bet }: { bet: UserGuessDto }) {
  const { t } = useTranslation();
  const fairness = useQuery({
    queryKey: colourQueryKeys.fairness(bet.category, bet.period),
    queryFn: ({ signal }) => fetchFairness(api, bet.category, bet.period, signal),
    // A revealed seed never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (fairness.isPending) return <DotLoading color="primary" />;
  if (fairness.isError) return <span>{t('wallet.loadFailed')}</span>;
  if (!fairness.data.settled || fairness.data.seed === null) {
    return <span>{t('colourGame.verify.notRevealed')}</span>;
  }
  return (
    <>
      <dl className={styles.detailGrid}>
        <dt>{t('colourGame.verify.seed')}</dt>
        <dd className={styles.seed} data-testid="bet-seed">
          {fairness.data.seed}
        </dd>
      </dl>
      <VerifyPanel bet={bet} fairness={fairness.data} />
    </>
  );
}

/** The expanded detail of one of the player's bets: every field of the user guess, then its fairness. */
export function BetDetails({ bet }: { bet: UserGuessDto }) {
  const formatDateTime = useFormatDateTime();
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const selectionLabel = useSelectionLabel();
  const digit = resultDigit(bet.result);
  return (
    <div className={styles.details} data-testid="bet-details">
      <dl className={styles.detailGrid}>
        <dt>{t('colourGame.columns.period')}</dt>
        <dd>{bet.period}</dd>
        <dt>{t('colourGame.detail.contractMoney')}</dt>
        <dd>{formatPrice(bet.contract_money)}</dd>
        <dt>{t('colourGame.detail.contractCount')}</dt>
        <dd>{bet.contract_count}</dd>
        <dt>{t('colourGame.detail.delivery')}</dt>
        <dd>{formatPrice(bet.delivery)}</dd>
        <dt>{t('colourGame.detail.fee')}</dt>
        <dd>{formatPrice(bet.fee)}</dd>
        <dt>{t('colourGame.detail.openPrice')}</dt>
        <dd data-testid="bet-open-price">{bet.open_price ?? '—'}</dd>
        <dt>{t('colourGame.columns.result')}</dt>
        <dd data-testid="bet-result">
          {digit === null ? (
            '—'
          ) : (
            <>
              <DigitText digit={digit} /> <ResultDots digit={digit} />
            </>
          )}
        </dd>
        <dt>{t('colourGame.detail.select')}</dt>
        <dd>{selectionLabel(bet)}</dd>
        <dt>{t('colourGame.detail.status')}</dt>
        <dd className={styles[`status_${bet.status}`]}>{t(`colourGame.status.${bet.status}`)}</dd>
        <dt>{t('colourGame.detail.amount')}</dt>
        <dd data-testid="bet-amount">{formatPrice(bet.amount)}</dd>
        <dt>{t('colourGame.detail.createTime')}</dt>
        <dd data-testid="bet-create-time">{formatDateTime(bet.create_time)}</dd>
      </dl>
      {bet.status === 'W' ? null : <Fairness bet={bet} />}
    </div>
  );
}
