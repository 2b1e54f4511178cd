import type { ColourCategory } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';
import { showCompletedDialog, showFailDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { GameBalanceRow, ReloadIconButton } from '../../../shared/ui/game-balance-row.component.tsx';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import { addUserGuess, fetchPeriodInfo } from '../api/colour-game.api.ts';
import { colourQueryKeys } from '../hooks/colour-query-keys.ts';
import { useBettingOpening } from '../hooks/use-betting-opening.hook.ts';
import { useMyBets, usePeriodRecords, WIN_PAGE_SIZE } from '../hooks/use-colour-records.hook.ts';
import { useReloadOnVisible } from '../hooks/use-reload-on-visible.hook.ts';
import { monotonicNow, useRoundClock } from '../hooks/use-round-clock.hook.ts';
import { useSelectedCategory } from '../hooks/use-selected-category.hook.ts';
import { type BetDraft, type BetSelection, guessRequestFor } from '../rules/bet.rule.ts';
import {
  guessRecordPath,
  HISTORY_PATHS,
  myGuessRecordPath,
  ROOM_NAMES,
  ROOM_ORDER,
} from '../rules/colour-rooms.rule.ts';
import { BetDialog } from './bet-dialog.component.tsx';
import styles from './colour-game.module.css';
import { EarlyAccessGate } from './early-access-gate.component.tsx';
import { JoinPanel } from './join-panel.component.tsx';
import { LatestResult } from './latest-result.component.tsx';
import { ListStatus } from './list-status.component.tsx';
import { MyBetsList } from './my-bets-list.component.tsx';
import { NoticeBanner } from './notice-banner.component.tsx';
import { PagedRows } from './paged-rows.component.tsx';
import { PeriodRecordsTable } from './period-records-table.component.tsx';
import { RoundHeader } from './round-header.component.tsx';
import { RulesDialog } from './rules-dialog.component.tsx';
import { TabStrip } from './tab-strip.component.tsx';
import { WinCelebration } from './win-celebration.component.tsx';

/** The guess game screen /win (spec 02 "Guess game screen"), for early-access players. */
export function WinScreen() {
  return (
    <EarlyAccessGate>
      <WinGame />
    </EarlyAccessGate>
  );
}

/** The period info with the instant it arrived, the snapshot the countdown runs from. */
function usePeriodInfo() {
  return useQuery({
    queryKey: colourQueryKeys.periodInfo,
    queryFn: async ({ signal }) => ({
      ...(await fetchPeriodInfo(api, signal)),
      receivedAtMs: monotonicNow(),
    }),
  });
}

function WinGame() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { contractMoneyPresets } = useMarket();
  const [category, setCategory] = useSelectedCategory();
  const [recordPage, setRecordPage] = useState(1);
  const [myPage, setMyPage] = useState(1);
  const [selection, setSelection] = useState<BetSelection | null>(null);
  const [ruleOpen, setRuleOpen] = useState(false);

  const info = usePeriodInfo();
  const records = usePeriodRecords(category, recordPage, WIN_PAGE_SIZE);
  const myBets = useMyBets(category, myPage, WIN_PAGE_SIZE);

  // Continue, refresh and a return to the page reload the period info and both tables (spec 02 §4).
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: colourQueryKeys.periodInfo });
    void queryClient.invalidateQueries({ queryKey: colourQueryKeys.guesses });
    void queryClient.invalidateQueries({ queryKey: colourQueryKeys.myGuesses });
  }, [queryClient]);
  // On a fresh start the offered period opens later: the header says when, and no bet can be sent until then.
  const opening = useBettingOpening(info.data, reload);
  const clock = useRoundClock(opening ? undefined : info.data, reload);
  useReloadOnVisible(reload);
  const locked = !info.data || opening !== null || clock === null || clock.betLocked;

  // A dialog opened before the lock is closed by it: the server would refuse the bet anyway.
  useEffect(() => {
    if (locked) setSelection(null);
  }, [locked]);

  const bet = useMutation({
    mutationFn: (draft: BetDraft) => {
      const request = info.data
        ? guessRequestFor(draft, category, info.data.period, contractMoneyPresets)
        : null;
      if (!request) throw new Error('the bet cannot be sent');
      return addUserGuess(api, request);
    },
    // The result dialogs are not awaited: the next bet need not wait for their OK.
    onSuccess: () => {
      setSelection(null);
      void queryClient.invalidateQueries({ queryKey: colourQueryKeys.periodInfo });
      void queryClient.invalidateQueries({ queryKey: colourQueryKeys.myGuesses });
      void showCompletedDialog(t('colourGame.bet.completed'));
    },
    onError: (error) => {
      setSelection(null);
      void queryClient.invalidateQueries({ queryKey: colourQueryKeys.periodInfo });
      void showFailDialog(errorMessage(error));
    },
  });

  function chooseCategory(next: ColourCategory) {
    if (next === category) return;
    setCategory(next);
    setRecordPage(1);
    setMyPage(1);
  }

  return (
    <>
      <ScreenToolbar
        title={t('nav.win')}
        right={<ReloadIconButton label={t('colourGame.refresh')} testId="colour-refresh" onReload={reload} />}
      />
      <div className={styles.page}>
        <section className={styles.card}>
          <GameBalanceRow
            balance={info.data?.balance}
            balanceTestId="colour-balance"
            rulesLabel={t('colourGame.readRule')}
            rulesTestId="colour-read-rule"
            onOpenRules={() => setRuleOpen(true)}
          />
        </section>
        {info.data ? <NoticeBanner notice={info.data.notice} /> : null}
        <TabStrip
          items={ROOM_ORDER.map((room) => ({ key: room, title: ROOM_NAMES[room] }))}
          active={category}
          onChange={chooseCategory}
          label={t('nav.win')}
          testId="colour-tab"
        />
        <section className={styles.card}>
          {info.isError && !info.data ? (
            <ListStatus
              label="period info"
              pending={false}
              error={info.error}
              empty={false}
              onRetry={reload}
            />
          ) : (
            <RoundHeader
              period={info.data?.period ?? '—'}
              periodLabel={t('colourGame.columns.period')}
              clock={clock}
              onContinue={reload}
              continuing={info.isFetching}
              opening={opening}
            />
          )}
          {recordPage === 1 ? <LatestResult row={records.data?.rows[0]} /> : null}
        </section>
        <JoinPanel locked={locked} onJoin={setSelection} />
        <section className={styles.card} aria-label={t('colourGame.record', { room: ROOM_NAMES[category] })}>
          <div className={styles.sectionHead}>
            <h2 className={styles.sectionTitle}>{t('colourGame.record', { room: ROOM_NAMES[category] })}</h2>
            <div className={styles.actions}>
              <button type="button" className={styles.link} onClick={() => navigate(HISTORY_PATHS[category])}>
                {t('colourGame.trend')}
              </button>
              <button
                type="button"
                className={styles.link}
                onClick={() => navigate(guessRecordPath(category))}
              >
                {t('colourGame.more')}
              </button>
            </div>
          </div>
          <PagedRows
            query={records}
            label="period records"
            page={recordPage}
            pageSize={WIN_PAGE_SIZE}
            onPage={setRecordPage}
            testId="period-records-pager"
          >
            {(rows) => <PeriodRecordsTable rows={rows} />}
          </PagedRows>
        </section>
        <section
          className={styles.card}
          aria-label={t('colourGame.myRecord', { room: ROOM_NAMES[category] })}
        >
          <div className={styles.sectionHead}>
            <h2 className={styles.sectionTitle}>
              {t('colourGame.myRecord', { room: ROOM_NAMES[category] })}
            </h2>
            <button
              type="button"
              className={styles.link}
              onClick={() => navigate(myGuessRecordPath(category))}
            >
              {t('colourGame.more')}
            </button>
          </div>
          <PagedRows
            query={myBets}
            label="my records"
            page={myPage}
            pageSize={WIN_PAGE_SIZE}
            onPage={setMyPage}
            testId="my-bets-pager"
          >
            {(rows) => <MyBetsList rows={rows} />}
          </PagedRows>
        </section>
      </div>
      <BetDialog
        selection={selection}
        presets={contractMoneyPresets}
        submitting={bet.isPending}
        onClose={() => setSelection(null)}
        onConfirm={(draft) => bet.mutate(draft)}
      />
      <RulesDialog kind="rule" open={ruleOpen} onClose={() => setRuleOpen(false)} />
      {myPage === 1 ? <WinCelebration rows={myBets.data?.rows} /> : null}
    </>
  );
}
