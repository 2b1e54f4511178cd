import { type RechargeBySnResponse, SERIAL_NUMBER_PATTERN, UTR_LENGTH } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading } from 'antd-mobile';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';
import { showCompletedDialog, showErrorDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { useFormatDateTime } from '../../../shared/format/date-time.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import { fetchRechargeBySn, submitUtr } from '../api/wallet.api.ts';
import { RECHARGE_RECORD_PATH } from '../hooks/use-recharge-submit.hook.ts';
import { walletQueryKeys } from '../hooks/wallet-query-keys.ts';
import { openAppLink } from '../launchers/gateway-form.launcher.ts';
import { normalizeUtr } from '../rules/utr.rule.ts';
import { RechargeStatusTag } from './recharge-record-screen.component.tsx';
import { UpiQrCode } from './upi-qr-code.component.tsx';
import styles from './wallet.module.css';

/** Links the "open to pay" step may open: a UPI app's pay link, or a web page. */
const PAY_LINK_PROTOCOLS = new Set(['upi:', 'http:', 'https:']);
/** The UTR field takes a little more than a UTR, so pasted text with spaces around it still fits. */
const UTR_INPUT_MAX_LENGTH = UTR_LENGTH + 8;

function safePayLink(url: string): string | null {
  try {
    return PAY_LINK_PROTOCOLS.has(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}

/**
 * The payment page /rechargePayment?sn (spec 02 §2, §4, §8), without the bottom menu: step 1 opens the
 * payment (the QR code of qr_code, or the url), step 2 takes the 12-digit UTR. It runs only with an sn.
 */
export function RechargePaymentScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const goBack = useGoBack(RECHARGE_RECORD_PATH);
  const serialNumber = search.get('sn')?.trim() ?? '';
  return (
    <>
      <ScreenToolbar title={t('rechargePayment.title')} onBack={goBack} />
      {SERIAL_NUMBER_PATTERN.test(serialNumber) ? (
        <RechargePayment serialNumber={serialNumber} />
      ) : (
        <p className={styles.state} data-testid="recharge-payment-no-sn">
          {t('rechargePayment.noSerialNumber')}
        </p>
      )}
    </>
  );
}

function RechargePayment({ serialNumber }: { serialNumber: string }) {
  const formatDateTime = useFormatDateTime();
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const recharge = useQuery({
    queryKey: walletQueryKeys.rechargeBySn(serialNumber),
    queryFn: ({ signal }) => fetchRechargeBySn(api, serialNumber, signal),
  });

  // Spec 02 §8: an error while setting the page up shows the "Error" dialog with the message.
  useEffect(() => {
    if (recharge.error) void showErrorDialog(errorMessage(recharge.error));
  }, [recharge.error]);

  if (recharge.isPending) {
    return (
      <div className={styles.state}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (recharge.isError) {
    return (
      <div className={styles.state} data-testid="recharge-payment-failed">
        <span>{errorMessage(recharge.error)}</span>
        <Button size="small" onClick={() => void recharge.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  const data = recharge.data;
  const payLink = safePayLink(data.url);
  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{t('transferPayment.amount')}</dt>
            <dd className={styles.amount} data-testid="recharge-payment-amount">
              {formatPrice(data.price)}
            </dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('rechargeRecord.serialNumber')}</dt>
            <dd data-testid="recharge-payment-sn">{data.serial_number}</dd>
          </div>
          {data.create_time > 0 ? (
            <div className={styles.fact}>
              <dt>{t('rechargeRecord.time')}</dt>
              <dd>{formatDateTime(data.create_time)}</dd>
            </div>
          ) : null}
          <div className={styles.fact}>
            <dt>{t('rechargePayment.status')}</dt>
            <dd>
              <RechargeStatusTag status={data.status} />
            </dd>
          </div>
        </dl>
      </section>
      <section className={styles.card} aria-labelledby="recharge-payment-step-1">
        <h2 id="recharge-payment-step-1" className={styles.stepTitle}>
          <span className={styles.stepNumber}>1</span>
          {t('rechargePayment.step1')}
        </h2>
        <p className={styles.hint}>{t('rechargePayment.step1Hint')}</p>
        {data.qr_code ? <UpiQrCode text={data.qr_code} label={t('rechargePayment.qrCode')} /> : null}
        {payLink ? (
          <Button
            block
            color="primary"
            fill="outline"
            onClick={() => openAppLink(payLink)}
            data-testid="open-upi-app"
          >
            {t('rechargePayment.openApp')}
          </Button>
        ) : null}
      </section>
      <section className={styles.card} aria-labelledby="recharge-payment-step-2">
        <h2 id="recharge-payment-step-2" className={styles.stepTitle}>
          <span className={styles.stepNumber}>2</span>
          {t('rechargePayment.step2')}
        </h2>
        <UtrStep recharge={data} />
      </section>
    </div>
  );
}

function UtrStep({ recharge }: { recharge: RechargeBySnResponse }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [utr, setUtr] = useState('');
  const [invalid, setInvalid] = useState(false);
  const send = useMutation({
    mutationFn: (value: string) => submitUtr(api, recharge.serial_number, value),
    onSuccess: async () => {
      setUtr('');
      await showCompletedDialog(t('rechargePayment.submitted'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletQueryKeys.rechargeBySn(recharge.serial_number) }),
        queryClient.invalidateQueries({ queryKey: walletQueryKeys.recharges }),
      ]);
    },
    onError: (error) => void showErrorDialog(errorMessage(error)),
  });

  if (recharge.status !== 'Wait') {
    return (
      <p className={styles.hint} data-testid="recharge-payment-closed">
        {t('rechargePayment.closed')} <Link to={RECHARGE_RECORD_PATH}>{t('recharge.record')}</Link>
      </p>
    );
  }
  if (recharge.utr_submitted) {
    return (
      <p className={styles.hint} data-testid="recharge-payment-utr-received">
        {t('rechargePayment.awaitingConfirmation')}{' '}
        <Link to={RECHARGE_RECORD_PATH}>{t('recharge.record')}</Link>
      </p>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    const value = normalizeUtr(utr);
    setInvalid(value === null);
    if (value !== null) send.mutate(value);
  }

  return (
    <form className={styles.dialogForm} onSubmit={submit} noValidate>
      <label htmlFor={inputId} className={styles.label}>
        {t('rechargePayment.utrLabel')}
      </label>
      <div className={`${styles.control} ${invalid ? styles.controlInvalid : ''}`}>
        <input
          id={inputId}
          className={styles.input}
          value={utr}
          onChange={(event) => {
            setUtr(event.target.value);
            setInvalid(false);
          }}
          inputMode="numeric"
          autoComplete="off"
          maxLength={UTR_INPUT_MAX_LENGTH}
          placeholder={t('rechargePayment.utrPlaceholder')}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${inputId}-error` : undefined}
          data-testid="utr-input"
        />
      </div>
      {invalid ? (
        <p id={`${inputId}-error`} className={styles.error} data-testid="utr-error">
          {t('rechargePayment.utrInvalid')}
        </p>
      ) : null}
      <Button
        type="submit"
        block
        color="primary"
        size="large"
        loading={send.isPending}
        data-testid="utr-submit"
      >
        {t('rechargePayment.submit')}
      </Button>
    </form>
  );
}
