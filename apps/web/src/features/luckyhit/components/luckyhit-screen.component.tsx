import {
  type Card,
  cardLabel,
  isLuckyHitBettingOpen,
  LUCKY_HIT_HISTORY_BODY,
  LUCKY_HIT_HISTORY_HEAD,
  type LuckyHitBetType,
  type LuckyHitRoundDetailResponse,
  type LuckyHitUserRecordDto,
  luckyHitBetProgress,
  luckyHitHouseEdgePercent,
  luckyHitPeriodAt,
  luckyHitSecondOfRound,
  randomLuckyHitClientSeed,
} from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, ProgressBar, Toast } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';
import { showCompletedDialog, showNoticeDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { getToken, readItem, StorageKey, writeItem } from '../../../shared/storage/storage.ts';
import { useStoredValue } from '../../../shared/storage/use-stored-value.hook.ts';
import { GameBalanceRow, ReloadIconButton } from '../../../shared/ui/game-balance-row.component.tsx';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import { fetchPeriodInfo } from '../../colour-game/api/colour-game.api.ts';
import { EarlyAccessGate } from '../../colour-game/components/early-access-gate.component.tsx';
import { NoticeBanner } from '../../colour-game/components/notice-banner.component.tsx';
import { colourQueryKeys } from '../../colour-game/hooks/colour-query-keys.ts';
import {
  fetchLuckyHitRecords,
  fetchLuckyHitRoundDetail,
  LUCKY_HIT_RECORDS_PAGE_SIZE,
} from '../api/luckyhit.api.ts';
import { useLuckyHitSocket } from '../hooks/use-luckyhit-socket.hook.ts';
import {
  checkStake,
  type LuckyHitVerification,
  ownBetOf,
  parseStake,
  rememberOwnBet,
  stakeMinus,
  stakePlus,
  verifyLuckyHitRound,
} from '../rules/luckyhit-bet.rule.ts';
import styles from './luckyhit.module.css';

/** How often the round clock on screen is recomputed. */
const CLOCK_TICK_MS = 100;
const recordsKey = (page: number) => ['luckyhit', 'records', page] as const;
const browserCookies = {
  get: () => document.cookie,
  set: (value: string) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the own bet in a cookie that expires by itself (spec 02 §3); the Cookie Store API is missing from older phones.
    document.cookie = value;
  },
};

/** The Lucky Hit screen /luckyhit (spec 02 "Lucky Hit screen"), for early-access players. */
export function LuckyHitScreen() {
  return (
    <EarlyAccessGate>
      <LuckyHitGame />
    </EarlyAccessGate>
  );
}

/** The server's time, recomputed every CLOCK_TICK_MS from the offset the group info gave. */
function useServerNow(offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offsetMs), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [offsetMs]);
  return now;
}

function CardSlot({ card, index, testId }: { card: Card | undefined; index: number; testId: string }) {
  const red = card !== undefined && (card.t === 1 || card.t === 3);
  return (
    <div className={styles.slot} data-testid={testId} data-flipped={card ? 'true' : 'false'}>
      <div
        className={`${styles.cardInner} ${card ? styles.flipped : ''}`}
        style={{ transitionDelay: `${index * 120}ms` }}
      >
        <div className={styles.back} />
        <div className={`${styles.face} ${red ? styles.suitRed : styles.suitBlack}`}>
          {card ? cardLabel(card) : ''}
        </div>
      </div>
    </div>
  );
}

function LuckyHitGame() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formatPrice = useFormatPrice();
  const market = useMarket();
  const token = useStoredValue(StorageKey.token, getToken);
  const { state, placeBet, reconnect } = useLuckyHitSocket(token);
  const now = useServerNow(state.serverOffsetMs);
  // Until the server's greeting (3002) arrives there is no round and no clock to bet on.
  const period = state.period ?? '—';
  const open =
    state.connected &&
    state.period !== null &&
    isLuckyHitBettingOpen(now) &&
    luckyHitPeriodAt(now, market.timeZone) === period;
  const [amount, setAmount] = useState(() => {
    const stored = Number(readItem(StorageKey.luckyHitAmount));
    return Number.isSafeInteger(stored) && stored > 0 ? stored : market.luckyHitDefaultStake;
  });
  const [ownBet, setOwnBet] = useState(0);
  const [showAllHistory, setShowAllHistory] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [verifying, setVerifying] = useState<{
    detail: LuckyHitRoundDetailResponse['entity'];
    verification: LuckyHitVerification;
  } | null>(null);
  const [sending, setSending] = useState(false);

  const info = useQuery({
    queryKey: colourQueryKeys.periodInfo,
    queryFn: ({ signal }) => fetchPeriodInfo(api, signal),
  });
  const records = useQuery({
    queryKey: recordsKey(page),
    queryFn: ({ signal }) => fetchLuckyHitRecords(api, page, signal),
  });
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: colourQueryKeys.periodInfo });
    void queryClient.invalidateQueries({ queryKey: ['luckyhit', 'records'] });
  }, [queryClient]);

  // A new round resets the own bet and reloads the balance and records (spec 02 §4); so does a deal.
  const lastPeriod = useRef(period);
  useEffect(() => {
    if (lastPeriod.current === period) return;
    lastPeriod.current = period;
    setOwnBet(ownBetOf(period, document.cookie));
    reload();
  }, [period, reload]);
  const dealt = state.openResult?.period === period ? state.openResult.openResult : null;
  useEffect(() => {
    if (dealt) reload();
  }, [dealt, reload]);

  function changeAmount(next: number) {
    setAmount(next);
    writeItem(StorageKey.luckyHitAmount, String(next));
  }

  async function bet(side: LuckyHitBetType) {
    const checked = checkStake(amount, market.luckyHitMinStake);
    if (!checked.send) {
      changeAmount(checked.amount);
      return;
    }
    setSending(true);
    Toast.show({ icon: 'loading', content: t('common.loading'), duration: 0 });
    try {
      const answer = await placeBet({
        period,
        betResult: side,
        oddNo: randomLuckyHitClientSeed(),
        betPrice: checked.amount,
      });
      Toast.clear();
      if (answer.status === 200) {
        setOwnBet(rememberOwnBet(period, checked.amount, browserCookies));
        reload();
        void showCompletedDialog(t('luckyHit.betCompleted'));
      } else {
        void showNoticeDialog(answer.msg);
      }
    } finally {
      Toast.clear();
      setSending(false);
    }
  }

  async function verify(record: LuckyHitUserRecordDto) {
    try {
      const detail = await fetchLuckyHitRoundDetail(api, record.period);
      setVerifying({ detail, verification: await verifyLuckyHitRound(detail) });
    } catch (error) {
      void showNoticeDialog(errorMessage(error));
    }
  }

  // The wallet change of a settled bet carries its sign: "+₹ 48.00" won, "-₹ 50.00" lost.
  const formatChange = (change: string) =>
    change.startsWith('-') ? `-${formatPrice(change.slice(1))}` : `+${formatPrice(change)}`;
  const second = luckyHitSecondOfRound(now);
  const totals = state.totals?.period === period ? state.totals : null;
  const head = state.results.slice(0, LUCKY_HIT_HISTORY_HEAD);
  const body = state.results.slice(LUCKY_HIT_HISTORY_HEAD, LUCKY_HIT_HISTORY_HEAD + LUCKY_HIT_HISTORY_BODY);
  const tip = dealt
    ? `${dealt.blackWin ? t('luckyHit.black') : t('luckyHit.red')} ${t('luckyHit.wins')}${
        dealt.luckyHitOdds > 0 ? ` · ${t('luckyHit.luckyHit')} ${dealt.luckyHitOdds}x` : ''
      }`
    : t('luckyHit.nowWaiting');
  const dot = (result: { period: string; result: 'B' | 'R'; luckyHitOdds: number }) => (
    <li
      key={result.period}
      className={`${styles.dot} ${result.result === 'B' ? styles.dotB : styles.dotR}`}
      title={result.period}
      data-testid="luckyhit-history-item"
    >
      {result.result}
      {result.luckyHitOdds > 0 ? result.luckyHitOdds : ''}
    </li>
  );

  return (
    <>
      <ScreenToolbar
        title={t('nav.luckyHit')}
        right={
          <ReloadIconButton
            label={t('luckyHit.reload')}
            testId="luckyhit-reload"
            onReload={() => {
              reconnect();
              reload();
            }}
          />
        }
      />
      <div className={styles.page}>
        <section className={styles.card}>
          <GameBalanceRow
            balance={info.data?.balance}
            balanceTestId="luckyhit-balance"
            rulesLabel={t('luckyHit.rules')}
            rulesTestId="luckyhit-rules"
            onOpenRules={() => setRulesOpen(true)}
          />
        </section>
        {info.data ? <NoticeBanner notice={info.data.notice} /> : null}
        <section className={styles.card} aria-label={t('luckyHit.history')}>
          <div className={styles.row}>
            <ul className={styles.history} data-testid="luckyhit-history">
              {head.map(dot)}
            </ul>
            {body.length > 0 ? (
              <button
                type="button"
                className={styles.muted}
                onClick={() => setShowAllHistory((shown) => !shown)}
              >
                {showAllHistory ? t('luckyHit.less') : t('luckyHit.more')}
              </button>
            ) : null}
          </div>
          {showAllHistory ? <ul className={styles.history}>{body.map(dot)}</ul> : null}
        </section>
        <section className={styles.card}>
          <div className={styles.row}>
            <span className={styles.muted}>{t('luckyHit.period')}</span>
            <strong data-testid="luckyhit-period">{period}</strong>
          </div>
          <div className={styles.table}>
            {(['B', 'R'] as const).map((side) => {
              const cards = side === 'B' ? dealt?.cards1 : dealt?.cards2;
              const won = dealt ? dealt.blackWin === (side === 'B') : false;
              return (
                <div key={side} className={`${styles.side} ${won ? styles.winner : ''}`}>
                  <span className={side === 'B' ? styles.sideTitleB : styles.sideTitleR}>
                    {side === 'B' ? t('luckyHit.black') : t('luckyHit.red')}
                  </span>
                  <div className={styles.cards}>
                    {[0, 1, 2].map((index) => (
                      <CardSlot
                        key={`${period}-${index}`}
                        card={cards?.[index]}
                        index={index}
                        testId={`luckyhit-card-${side}-${index}`}
                      />
                    ))}
                  </div>
                </div>
              );
            })}
          </div>
          <div className={styles.totals} data-testid="luckyhit-totals">
            <span>
              {t('luckyHit.black')}
              <br />
              {totals ? formatPrice(totals.a) : '0'}
            </span>
            <span>
              {t('luckyHit.luckyHit')}
              <br />
              {totals ? formatPrice(totals.t) : '0'}
            </span>
            <span>
              {t('luckyHit.red')}
              <br />
              {totals ? formatPrice(totals.b) : '0'}
            </span>
          </div>
          {open ? (
            <ProgressBar percent={luckyHitBetProgress(now)} data-testid="luckyhit-progress" />
          ) : (
            <div className={styles.tip} data-testid="luckyhit-tip">
              {tip}
            </div>
          )}
          <div className={styles.muted} data-testid="luckyhit-clock" data-synced={state.period !== null}>
            {t('luckyHit.second', { second })}
            {ownBet > 0 ? ` · ${t('luckyHit.ownBet', { amount: ownBet })}` : ''}
          </div>
        </section>
        <section className={styles.card}>
          <div className={styles.amount}>
            <Button
              size="small"
              onClick={() => changeAmount(stakeMinus(amount))}
              aria-label={t('luckyHit.minus')}
            >
              −
            </Button>
            <input
              className={styles.amountInput}
              inputMode="numeric"
              value={String(amount)}
              onChange={(event) => changeAmount(parseStake(event.target.value))}
              aria-label={t('luckyHit.amount')}
              data-testid="luckyhit-amount"
            />
            <Button
              size="small"
              onClick={() => changeAmount(stakePlus(amount))}
              aria-label={t('luckyHit.plus')}
            >
              +
            </Button>
          </div>
          <div className={styles.buttons}>
            <Button
              style={{ '--background-color': 'var(--lh-black)', '--text-color': '#fff' }}
              disabled={!open || sending}
              onClick={() => void bet('B')}
              data-testid="luckyhit-bet-B"
            >
              {t('luckyHit.black')}
            </Button>
            <Button
              color="warning"
              disabled={!open || sending}
              onClick={() => void bet('L')}
              data-testid="luckyhit-bet-L"
            >
              {t('luckyHit.luckyHit')}
            </Button>
            <Button
              color="danger"
              disabled={!open || sending}
              onClick={() => void bet('R')}
              data-testid="luckyhit-bet-R"
            >
              {t('luckyHit.red')}
            </Button>
          </div>
        </section>
        <section className={styles.card} aria-label={t('luckyHit.myRecords')}>
          <h2 className={styles.muted}>{t('luckyHit.myRecords')}</h2>
          <div className={styles.records} data-testid="luckyhit-records">
            {records.data?.rows.length === 0 ? (
              <span className={styles.muted}>{t('luckyHit.noRecords')}</span>
            ) : null}
            {records.data?.rows.map((record) => (
              <div key={record.id} className={styles.record} data-testid="luckyhit-record">
                <button
                  type="button"
                  className={styles.recordHead}
                  onClick={() => setExpanded((current) => (current === record.id ? null : record.id))}
                >
                  <span>{record.period}</span>
                  <span>{record.type}</span>
                  <span>{formatPrice(record.bet_price)}</span>
                  <span data-testid="luckyhit-record-status">
                    {record.status === 'W' ? t('luckyHit.waiting') : formatChange(record.change_amount)}
                  </span>
                </button>
                {expanded === record.id ? (
                  <dl className={styles.details}>
                    <dt>{t('luckyHit.status')}</dt>
                    <dd>{record.status}</dd>
                    <dt>{t('luckyHit.delivery')}</dt>
                    <dd>{formatPrice(record.delivery)}</dd>
                    <dt>{t('luckyHit.fee')}</dt>
                    <dd>{formatPrice(record.fee)}</dd>
                    <dt>{t('luckyHit.openType')}</dt>
                    <dd>{record.open_type ?? '—'}</dd>
                    <dt>{t('luckyHit.result')}</dt>
                    <dd>{formatPrice(record.result)}</dd>
                    <dt>{t('luckyHit.odds')}</dt>
                    <dd>{record.lucky_hit_odds ?? '—'}</dd>
                    <dt>{t('luckyHit.time')}</dt>
                    <dd>{new Date(record.create_time).toLocaleString()}</dd>
                    {record.status !== 'W' ? (
                      <dd>
                        <Button size="mini" onClick={() => void verify(record)} data-testid="luckyhit-verify">
                          {t('luckyHit.verify')}
                        </Button>
                      </dd>
                    ) : null}
                  </dl>
                ) : null}
              </div>
            ))}
          </div>
          {records.data && records.data.count > LUCKY_HIT_RECORDS_PAGE_SIZE ? (
            <div className={styles.pager}>
              <Button size="mini" disabled={page <= 1} onClick={() => setPage((current) => current - 1)}>
                ‹
              </Button>
              <span>{page}</span>
              <Button
                size="mini"
                disabled={page * LUCKY_HIT_RECORDS_PAGE_SIZE >= records.data.count}
                onClick={() => setPage((current) => current + 1)}
              >
                ›
              </Button>
            </div>
          ) : null}
        </section>
      </div>
      <Dialog
        visible={rulesOpen}
        title={t('luckyHit.rules')}
        closeOnAction
        onClose={() => setRulesOpen(false)}
        actions={[{ key: 'ok', text: t('common.ok') }]}
        content={
          <div data-testid="luckyhit-rules-text">
            <p>{t('luckyHit.rulesText')}</p>
            <p>{t('luckyHit.rulesPayouts')}</p>
            <p>{t('luckyHit.rulesRanking')}</p>
            <p data-testid="luckyhit-house-edge">
              {t('luckyHit.houseEdge', {
                side: luckyHitHouseEdgePercent('B').toFixed(2),
                lucky: luckyHitHouseEdgePercent('L').toFixed(2),
              })}
            </p>
            <p>{t('luckyHit.rulesFairness')}</p>
          </div>
        }
      />
      <Dialog
        visible={verifying !== null}
        title={t('luckyHit.verify')}
        closeOnAction
        onClose={() => setVerifying(null)}
        actions={[{ key: 'ok', text: t('common.ok') }]}
        content={
          verifying ? (
            <dl className={styles.details} data-testid="luckyhit-verification">
              <dt>{t('luckyHit.period')}</dt>
              <dd>{verifying.detail.period}</dd>
              <dt>{t('luckyHit.seed')}</dt>
              <dd className={styles.mono}>{verifying.detail.seed}</dd>
              <dt>{t('luckyHit.clientSeeds')}</dt>
              <dd className={styles.mono}>{verifying.detail.client_seeds.join(' ')}</dd>
              <dt>{t('luckyHit.draws')}</dt>
              <dd>{verifying.detail.draws.join(', ')}</dd>
              <dt>{t('luckyHit.black')}</dt>
              <dd>{verifying.detail.cards1.map(cardLabel).join(' ')}</dd>
              <dt>{t('luckyHit.red')}</dt>
              <dd>{verifying.detail.cards2.map(cardLabel).join(' ')}</dd>
              <dt>{t('luckyHit.verdict')}</dt>
              <dd data-testid="luckyhit-verdict">
                {verifying.verification.ok ? t('luckyHit.verified') : t('luckyHit.notVerified')}
              </dd>
            </dl>
          ) : null
        }
      />
    </>
  );
}
