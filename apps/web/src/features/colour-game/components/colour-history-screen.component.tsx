import { type ColourCategory, DEFAULT_SAAS_ID, MAX_SAAS_ID } from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import { fetchColourHistory } from '../api/colour-game.api.ts';
import { colourQueryKeys } from '../hooks/colour-query-keys.ts';
import { useReloadOnVisible } from '../hooks/use-reload-on-visible.hook.ts';
import { monotonicNow, useRoundClock } from '../hooks/use-round-clock.hook.ts';
import { historyCounts } from '../rules/colour-history.rule.ts';
import { ROOM_NAMES } from '../rules/colour-rooms.rule.ts';
import styles from './colour-game.module.css';
import { EarlyAccessGate } from './early-access-gate.component.tsx';
import {
  type CellContent,
  ParityGrid,
  ProgressBars,
  RoundTables,
  StreakTable,
} from './history-tables.component.tsx';
import { DigitText, ResultDots } from './result-marks.component.tsx';
import { RoundHeader } from './round-header.component.tsx';

/** The toggle between period numbers and open numbers in the tables (spec 02 §2). */
const CELL_CONTENTS = [
  { value: 'period', labelKey: 'colourGame.history.showPeriods' },
  { value: 'number', labelKey: 'colourGame.history.showNumbers' },
] as const satisfies ReadonlyArray<{ value: CellContent; labelKey: string }>;

/** Where the back arrow goes when the screen was opened directly. */
const BACK_FALLBACK_PATH = '/win';

/** The saas id of the `s` query (spec 02 §2), 1 when absent or not a valid id. */
export function saasIdFromQuery(value: string | null): number {
  if (value === null || !/^\d{1,7}$/.test(value.trim())) return DEFAULT_SAAS_ID;
  const id = Number(value.trim());
  return id >= 1 && id <= MAX_SAAS_ID ? id : DEFAULT_SAAS_ID;
}

/**
 * A colour game history screen, /parity, /sapre, /bcone or /emerd (spec 02 "Colour game history
 * screens"): public, no login, the bottom menu hidden; it goes back without the early-access flag.
 */
export function ColourHistoryScreen({ category }: { category: ColourCategory }) {
  const goBack = useGoBack(BACK_FALLBACK_PATH);
  return (
    <>
      <ScreenToolbar title={ROOM_NAMES[category]} onBack={goBack} />
      <EarlyAccessGate>
        <ColourHistory category={category} />
      </EarlyAccessGate>
    </>
  );
}

function ColourHistory({ category }: { category: ColourCategory }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const saasId = saasIdFromQuery(searchParams.get('s'));
  const [content, setContent] = useState<CellContent>('period');
  const queryKey = colourQueryKeys.history(category, saasId);
  const history = useQuery({
    queryKey,
    queryFn: async ({ signal }) => ({
      ...(await fetchColourHistory(api, category, saasId, signal)),
      receivedAtMs: monotonicNow(),
    }),
  });
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);
  const clock = useRoundClock(history.data, reload);
  useReloadOnVisible(reload);
  const periods = history.data?.periods;
  const counts = useMemo(() => historyCounts(periods ?? []), [periods]);

  // A failed load shows nothing (spec 02 §8); the failure is only logged.
  useEffect(() => {
    if (history.error) console.error('colour history failed to load', history.error);
  }, [history.error]);
  if (!history.data) return null;

  const previous = history.data.periods.at(-1);
  return (
    <div className={styles.page} data-testid="colour-history">
      <section className={styles.card}>
        <RoundHeader
          period={history.data.nextPeriod}
          periodLabel={t('colourGame.history.nextPeriod')}
          clock={clock}
          onContinue={reload}
          continuing={history.isFetching}
        />
      </section>
      <section className={styles.card} data-testid="history-previous">
        <span className={styles.roundLabel}>{t('colourGame.history.previousPeriod')}</span>
        {previous ? (
          <div className={styles.round}>
            <strong className={styles.roundValue}>{previous.period}</strong>
            <span>
              {t('colourGame.columns.result')} <DigitText digit={previous.last_num} />{' '}
              <ResultDots digit={previous.last_num} />
            </span>
            <span>
              {t('colourGame.detail.openPrice')}{' '}
              <strong data-testid="history-previous-price">{previous.price}</strong>
            </span>
          </div>
        ) : (
          <span>{t('colourGame.history.none')}</span>
        )}
      </section>
      <section className={styles.card}>
        <div className={styles.counts} data-testid="history-counts">
          <span>
            <span className={`${styles.countValue} ${styles.red}`} data-testid="history-count-red">
              {counts.red}
            </span>
            {t('colourGame.guess.R')}
          </span>
          <span>
            <span className={`${styles.countValue} ${styles.green}`} data-testid="history-count-green">
              {counts.green}
            </span>
            {t('colourGame.guess.G')}
          </span>
          <span>
            <span className={`${styles.countValue} ${styles.violet}`} data-testid="history-count-violet">
              {counts.violet}
            </span>
            {t('colourGame.guess.V')}
          </span>
        </div>
      </section>
      <section className={styles.card}>
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle}>{t('colourGame.history.streak')}</h2>
          <div className={styles.actions}>
            {CELL_CONTENTS.map(({ value, labelKey }) => (
              <button
                key={value}
                type="button"
                aria-pressed={content === value}
                className={`${styles.preset} ${content === value ? styles.presetActive : ''}`}
                onClick={() => setContent(value)}
                data-testid={`history-show-${value}`}
              >
                {t(labelKey)}
              </button>
            ))}
          </div>
        </div>
        <StreakTable periods={history.data.periods} content={content} />
        <RoundTables periods={history.data.periods} content={content} />
      </section>
      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t('colourGame.history.statistics')}</h2>
        <ProgressBars counts={counts} />
      </section>
      {category === 'P' ? (
        <section className={styles.card}>
          <div className={styles.sectionHead}>
            <h2 className={styles.sectionTitle}>{t('colourGame.history.grid')}</h2>
            {previous ? (
              <span data-testid="parity-previous">
                {previous.price} · <DigitText digit={previous.last_num} />
              </span>
            ) : null}
          </div>
          <ParityGrid periods={history.data.periods} />
        </section>
      ) : null}
    </div>
  );
}
