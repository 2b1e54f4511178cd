import { type AviatorBetResult, type AviatorCashOutResult, randomClientSeed } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig, useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { showNoticeDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { getNickName, readItem, StorageKey, writeItem } from '../../../shared/storage/storage.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import { EarlyAccessGate } from '../../colour-game/components/early-access-gate.component.tsx';
import { profileQueryKeys } from '../../profile/hooks/profile-query-keys.ts';
import { useProfile } from '../../profile/hooks/use-profile.hook.ts';
import { useAviatorGame } from '../hooks/use-aviator-game.hook.ts';
import {
  actionButton,
  bandOf,
  CASH_OUT_BANNER_MS,
  parseStake,
  splitHistory,
  stakeMinus,
  stakePlus,
} from '../rules/aviator-screen.rule.ts';
import styles from './aviator.module.css';
import { AviatorRecords, aviatorRecordsKey } from './aviator-records.component.tsx';
import { PlaneStage } from './plane-stage.component.tsx';
import { SeedRulesDialog, type SeedType } from './seed-rules-dialog.component.tsx';
import { VerifyDialog } from './verify-dialog.component.tsx';

/** The crash game screen /aviator (spec 02 "Aviator screen"), for early-access players. */
export function AviatorScreen() {
  return (
    <EarlyAccessGate>
      <AviatorGame />
    </EarlyAccessGate>
  );
}

function storedSeedType(): SeedType {
  return readItem(StorageKey.aviatorSeedType) === '1' ? 1 : 0;
}

function storedFixedSeed(): string {
  const stored = readItem(StorageKey.aviatorFixedSeed);
  if (stored && /^[A-Za-z0-9]{20}$/.test(stored)) return stored;
  const fresh = randomClientSeed();
  writeItem(StorageKey.aviatorFixedSeed, fresh);
  return fresh;
}

function HistoryChips({ results, testId }: { results: readonly string[]; testId: string }) {
  return (
    <div className={styles.history} data-testid={testId}>
      {results.map((result, index) => (
        // Results repeat; their place in the list is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole after each round
        <span key={index} className={`${styles.chip} ${styles[bandOf(result)]}`}>
          {result}x
        </span>
      ))}
    </div>
  );
}

function AviatorGame() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formatPrice = useFormatPrice();
  const { market } = useAppConfig();
  const { aviatorDefaultStake } = useMarket();
  const profile = useProfile(true);
  const [amountText, setAmountText] = useState(
    () => readItem(StorageKey.aviatorBetAmount) ?? String(aviatorDefaultStake),
  );
  const [autoText, setAutoText] = useState('');
  const [seedType, setSeedType] = useState<SeedType>(storedSeedType);
  const [fixedSeed, setFixedSeed] = useState(storedFixedSeed);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [recordPage, setRecordPage] = useState(1);
  const [verifyPeriod, setVerifyPeriod] = useState<number | null>(null);
  const bannerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  void market;

  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile });
    void queryClient.invalidateQueries({ queryKey: aviatorRecordsKey });
  }, [queryClient]);

  const game = useAviatorGame(
    useMemo(
      () => ({
        onBetResult: (result: AviatorBetResult) => {
          if (result.status === 1) {
            if (result.period !== null) writeItem(StorageKey.aviatorBetPeriod, String(result.period));
            reload();
          } else void showNoticeDialog(result.msg);
        },
        onCashOutResult: (result: AviatorCashOutResult) => {
          if (!result.cashSuccess) {
            void showNoticeDialog(result.msg);
            return;
          }
          const period = readItem(StorageKey.aviatorBetPeriod);
          if (period) writeItem(StorageKey.aviatorCashPeriod, period);
          setBanner(
            t('aviator.cashedOut', {
              coefficient: result.cashCoefficient,
              amount: formatPrice(result.cashAmount),
            }),
          );
          clearTimeout(bannerTimer.current);
          bannerTimer.current = setTimeout(() => setBanner(null), CASH_OUT_BANNER_MS);
          reload();
        },
        onRoundEnded: reload,
      }),
      [reload, t, formatPrice],
    ),
  );
  useEffect(() => () => clearTimeout(bannerTimer.current), []);
  const { state } = game;

  // The countdown decides whether Confirm is still allowed; it is re-read each 200 ms while betting.
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 200);
    return () => clearInterval(timer);
  }, []);
  const button = actionButton({
    status: state.status,
    flyEnd: state.flyEnd,
    countdownLeftMs: game.flight.current.bettingEndsAt - now,
    myBet: state.myBet,
    online: state.socket === 'open',
  });

  const onAction = () => {
    if (button.label === 'cashOut') {
      game.cashOut();
      return;
    }
    const nickName = getNickName() ?? profile.data?.nickName ?? '';
    if (!nickName) {
      void showNoticeDialog(t('aviator.nicknameMissing'));
      return;
    }
    const stake = parseStake(amountText);
    if (stake === 0) return;
    writeItem(StorageKey.aviatorBetAmount, String(stake));
    const auto = Number.parseFloat(autoText.replace(',', '.'));
    game.bet({
      nickName,
      betPrice: stake,
      seed: seedType === 1 ? fixedSeed : randomClientSeed(),
      autoCashOut: Number.isFinite(auto) && auto >= 1.01 ? Math.round(auto * 100) / 100 : null,
    });
  };

  const { header, body } = splitHistory(state.results);

  return (
    <>
      <ScreenToolbar title={t('nav.aviator')} />
      <div className={styles.screen} data-testid="aviator-screen">
        <div className={styles.topBar}>
          <span className={styles.balance} data-testid="aviator-balance">
            {t('aviator.balance')}: {profile.data ? formatPrice(profile.data.balance) : '…'}
          </span>
          <Button size="mini" onClick={() => setRulesOpen(true)}>
            {t('aviator.rules')}
          </Button>
        </div>
        {state.socket !== 'open' ? (
          <div className={styles.offline} role="status" data-testid="aviator-offline">
            {state.socket === 'replaced' ? t('aviator.openElsewhere') : t('aviator.offline')}
          </div>
        ) : null}
        {state.maintenance ? <div className={styles.offline}>{t('aviator.maintenance')}</div> : null}
        <button
          type="button"
          className={styles.history}
          onClick={() => setHistoryOpen((open) => !open)}
          aria-expanded={historyOpen}
          aria-label={t('aviator.history')}
          style={{ background: 'none', border: 0, padding: 0 }}
        >
          <HistoryChips results={header} testId="aviator-history-header" />
        </button>
        {historyOpen ? <HistoryChips results={body} testId="aviator-history-body" /> : null}
        <PlaneStage flight={game.flight} />
        {banner ? (
          <div className={styles.banner} role="status" data-testid="aviator-banner">
            {banner}
          </div>
        ) : null}
        <div className={styles.players} data-testid="aviator-players">
          {t('aviator.players')}:{' '}
          {t('aviator.cashedOutOf', { cashed: state.cashedCount, total: state.bettorCount })}
        </div>
        <div className={styles.controls}>
          <div className={styles.amount}>
            <Button
              size="small"
              aria-label={t('aviator.less')}
              onClick={() => setAmountText(String(stakeMinus(parseStake(amountText))))}
            >
              −
            </Button>
            <Input
              className={styles.amountInput}
              value={amountText}
              onChange={setAmountText}
              inputMode="numeric"
              aria-label={t('aviator.amount')}
              data-testid="aviator-amount"
            />
            <Button
              size="small"
              aria-label={t('aviator.more')}
              onClick={() => setAmountText(String(stakePlus(parseStake(amountText))))}
            >
              +
            </Button>
          </div>
        </div>
        <div className={styles.controls}>
          <span>{t('aviator.autoCashOut')}</span>
          <Input
            className={styles.amountInput}
            value={autoText}
            onChange={setAutoText}
            inputMode="decimal"
            placeholder="—"
            aria-label={t('aviator.autoCashOut')}
          />
        </div>
        <Button
          block
          color={button.label === 'cashOut' ? 'warning' : 'primary'}
          size="large"
          disabled={!button.enabled}
          onClick={onAction}
          data-testid="aviator-action"
        >
          {t(`aviator.${button.label}`)}
        </Button>
        <AviatorRecords page={recordPage} onPage={setRecordPage} onVerify={setVerifyPeriod} />
      </div>
      <SeedRulesDialog
        open={rulesOpen}
        onClose={() => setRulesOpen(false)}
        seedType={seedType}
        fixedSeed={fixedSeed}
        serverSeedHash={state.serverSeedHash}
        onSeedType={(type) => {
          setSeedType(type);
          writeItem(StorageKey.aviatorSeedType, String(type));
        }}
        onChangeSeed={() => {
          const fresh = randomClientSeed();
          setFixedSeed(fresh);
          writeItem(StorageKey.aviatorFixedSeed, fresh);
        }}
      />
      <VerifyDialog period={verifyPeriod} onClose={() => setVerifyPeriod(null)} />
    </>
  );
}
