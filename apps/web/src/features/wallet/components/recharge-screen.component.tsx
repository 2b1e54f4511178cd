import type { PaymentChannelDto } from '@app/shared';
import { Button, DotLoading } from 'antd-mobile';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { inputMessageText } from '../../../shared/dialogs/server-message.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { setRechargeDetails } from '../../../shared/storage/storage.ts';
import { ScreenToolbar, ToolbarRecordLink } from '../../../shared/ui/screen-toolbar.component.tsx';
import { useProfile } from '../../profile/hooks/use-profile.hook.ts';
import { usePaymentChannels } from '../hooks/use-payment-channels.hook.ts';
import { RECHARGE_RECORD_PATH, useRechargeSubmit } from '../hooks/use-recharge-submit.hook.ts';
import {
  type PayerDetails,
  payerDialogKind,
  serializePayerDetails,
  trimPayerDetails,
} from '../rules/payer-details.rule.ts';
import {
  digitsOnly,
  isWholeAmount,
  parsePresets,
  rechargeAmountProblem,
} from '../rules/recharge-amount.rule.ts';
import { BalanceRow } from './balance-row.component.tsx';
import { PayerDetailsDialog } from './payer-details-dialog.component.tsx';
import styles from './wallet.module.css';

/** Addresses the support link may take: web pages (WhatsApp and Telegram links are web pages), mail, phone. */
const CONTACT_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

function safeContactUrl(url: string): string | null {
  try {
    return CONTACT_PROTOCOLS.has(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}

/**
 * The recharge screen /recharge (spec 01 §2 "Recharge screen", §4, §5): balance, a digits-only amount,
 * the chosen channel's preset amounts and the channel list. Choosing a channel clears the amount and shows
 * its presets; Continue opens the channel's details dialog, whose Confirm creates the recharge.
 */
export function RechargeScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/mine');
  const amountId = useId();
  const { currencySymbol } = useMarket();
  const formatPrice = useFormatPrice();
  const profile = useProfile(true);
  const channels = usePaymentChannels();
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [amount, setTypedAmount] = useState('');
  // The amount's problem is shown once the player asks to continue, and goes as soon as the amount changes.
  const [amountError, setAmountError] = useState<string | null>(null);
  const setAmount = useCallback((value: string) => {
    setTypedAmount(value);
    setAmountError(null);
  }, []);
  const [dialogOpen, setDialogOpen] = useState(false);
  const closeDialog = useCallback(() => setDialogOpen(false), []);
  const recharge = useRechargeSubmit(closeDialog);

  const list = channels.data?.channels ?? [];
  // Until the player chooses, the first channel is the chosen one, so its presets show at once.
  const channel: PaymentChannelDto | undefined = list.find((item) => item.key === chosenKey) ?? list[0];
  const presets = useMemo(() => (channel ? parsePresets(channel.fixed_amounts) : []), [channel]);
  const canContinue = channel !== undefined && isWholeAmount(amount);
  const dialogKind = channel ? payerDialogKind(channel.adapter) : 'standard';
  const contactUrl = safeContactUrl(channels.data?.contactUrl ?? '');

  function chooseChannel(key: string) {
    if (key === channel?.key) return;
    setChosenKey(key);
    setAmount('');
  }

  function submitDetails(details: PayerDetails) {
    if (!channel || !isWholeAmount(amount)) return;
    const payer = trimPayerDetails(details);
    setRechargeDetails(dialogKind, serializePayerDetails(dialogKind, payer));
    recharge.mutate({
      price: String(Number(amount)),
      payKey: channel.key,
      payName: payer.name,
      payMobile: payer.mobile,
      payEmail: payer.email,
      payUpiAccount: dialogKind === 'upi' ? payer.upiAccount : undefined,
    });
  }

  return (
    <>
      <ScreenToolbar
        title={t('recharge.title')}
        onBack={goBack}
        right={
          <ToolbarRecordLink
            to={RECHARGE_RECORD_PATH}
            label={t('recharge.record')}
            testId="recharge-record-link"
          />
        }
      />
      <div className={styles.page}>
        <section className={styles.card}>
          <BalanceRow balance={profile.data?.balance} />
        </section>
        <section className={styles.card}>
          <label htmlFor={amountId} className={styles.sectionTitle}>
            {t('recharge.amountLabel')}
          </label>
          <div className={styles.control}>
            <span aria-hidden="true">{currencySymbol}</span>
            <input
              id={amountId}
              className={styles.input}
              value={amount}
              onChange={(event) => setAmount(digitsOnly(event.target.value))}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('recharge.amountPlaceholder')}
              data-testid="recharge-amount"
            />
          </div>
          {amountError ? (
            <p className={styles.error} role="alert" data-testid="recharge-amount-error">
              {amountError}
            </p>
          ) : null}
          {channel ? (
            <p className={styles.hint} data-testid="recharge-amount-range">
              {t('recharge.amountRange', {
                min: formatPrice(channel.min_amount),
                max: formatPrice(channel.max_amount),
              })}
            </p>
          ) : null}
          {presets.length > 0 ? (
            <div className={styles.presets} data-testid="recharge-presets">
              {presets.map((preset) => (
                <button
                  key={preset}
                  type="button"
                  className={`${styles.preset} ${preset === amount ? styles.selected : ''}`}
                  aria-pressed={preset === amount}
                  onClick={() => setAmount(preset)}
                  data-testid={`recharge-preset-${preset}`}
                >
                  {preset}
                </button>
              ))}
            </div>
          ) : null}
        </section>
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t('recharge.channels')}</h2>
          {channels.isPending ? (
            <div className={styles.feedStatus}>
              <DotLoading color="primary" />
            </div>
          ) : channels.isError ? (
            <div className={styles.feedStatus} data-testid="recharge-channels-failed">
              <span>{t('wallet.loadFailed')}</span>
              <Button size="mini" fill="outline" onClick={() => void channels.refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          ) : list.length === 0 ? (
            <p className={styles.hint}>{t('recharge.noChannels')}</p>
          ) : (
            <div
              className={styles.channels}
              role="radiogroup"
              aria-label={t('recharge.channels')}
              data-testid="recharge-channels"
            >
              {list.map((item) => {
                const chosen = item.key === channel?.key;
                return (
                  // biome-ignore lint/a11y/useSemanticElements: a styled row reads better than a bare radio input here.
                  <button
                    key={item.key}
                    type="button"
                    role="radio"
                    aria-checked={chosen}
                    className={`${styles.channel} ${chosen ? styles.selected : ''}`}
                    onClick={() => chooseChannel(item.key)}
                    data-testid={`recharge-channel-${item.key}`}
                  >
                    <span className={styles.radio} aria-hidden="true" />
                    <span>{item.name}</span>
                  </button>
                );
              })}
            </div>
          )}
        </section>
        <Button
          block
          color="primary"
          size="large"
          disabled={!canContinue}
          loading={recharge.isPending}
          onClick={() => {
            if (!canContinue) return;
            // The channel's bounds are known here: say so before the player types the payer details.
            const problem = rechargeAmountProblem(amount, channel);
            if (problem) setAmountError(inputMessageText(problem));
            else setDialogOpen(true);
          }}
          data-testid="recharge-continue"
        >
          {t('recharge.continue')}
        </Button>
        {contactUrl ? (
          <a
            className={styles.link}
            href={contactUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="recharge-contact"
          >
            {t('recharge.contact')}
          </a>
        ) : null}
      </div>
      <PayerDetailsDialog
        open={dialogOpen}
        kind={dialogKind}
        submitting={recharge.isPending}
        onClose={closeDialog}
        onSubmit={submitDetails}
      />
    </>
  );
}
