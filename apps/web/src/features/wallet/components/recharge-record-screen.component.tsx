import type { RechargeRecordDto, RechargeStatus } from '@app/shared';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { isoDateTime, useFormatDateTime } from '../../../shared/format/date-time.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import { useNativeNotification } from '../../profile/hooks/use-native-notification.hook.ts';
import { fetchRechargePage } from '../api/wallet.api.ts';
import { usePagedRecords } from '../hooks/use-paged-records.hook.ts';
import { useRechargeReturn } from '../hooks/use-recharge-return.hook.ts';
import { walletQueryKeys } from '../hooks/wallet-query-keys.ts';
import { RecordFeed } from './record-feed.component.tsx';
import styles from './wallet.module.css';

const STATUS_CLASSES: Readonly<Record<RechargeStatus, string | undefined>> = {
  Wait: styles.statusWait,
  Success: styles.statusSuccess,
  Failed: styles.statusFailed,
  Cancelled: styles.statusCancelled,
};

/** A recharge's status as a coloured, translated tag. */
export function RechargeStatusTag({ status }: { status: RechargeStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.status} ${STATUS_CLASSES[status] ?? ''}`} data-testid="recharge-status">
      {t(`rechargeRecord.status.${status}`)}
    </span>
  );
}

function RechargeRow({ record }: { record: RechargeRecordDto }) {
  const formatDateTime = useFormatDateTime();
  const formatPrice = useFormatPrice();
  return (
    <article className={styles.row} data-testid="recharge-record-row" data-sn={record.serial_number}>
      <div className={styles.rowHead}>
        <span data-testid="recharge-record-price">{formatPrice(record.price)}</span>
        <RechargeStatusTag status={record.status} />
      </div>
      <div className={styles.rowMeta}>
        <span data-testid="recharge-record-channel">{record.channel_name}</span>
        <span>{record.serial_number}</span>
      </div>
      <div className={styles.rowMeta}>
        <time dateTime={isoDateTime(record.create_time)} data-testid="recharge-record-time">
          {formatDateTime(record.create_time)}
        </time>
      </div>
    </article>
  );
}

/** The navigation state that carries a settled payment's status to this screen. */
export interface PaymentResultState {
  paymentStatus: RechargeStatus;
}

function paymentStatusOf(state: unknown): RechargeStatus | null {
  if (typeof state !== 'object' || state === null) return null;
  const status = (state as Partial<PaymentResultState>).paymentStatus;
  return status === 'Success' || status === 'Failed' || status === 'Wait' ? status : null;
}

/** The confirmation of a payment the player just made at a gateway (or the sandbox). */
function PaymentResult({ status }: { status: RechargeStatus }) {
  const { t } = useTranslation();
  const succeeded = status === 'Success';
  const Icon = succeeded ? CheckCircleFill : status === 'Wait' ? ClockCircleFill : CloseCircleFill;
  return (
    <section
      className={`${styles.paymentResult} ${succeeded ? styles.paymentSucceeded : ''}`}
      role="status"
      data-testid="payment-result"
      data-status={status}
    >
      <Icon className={styles.paymentIcon} aria-hidden="true" />
      <div>
        <strong>{t(`look.payment.${status === 'Cancelled' ? 'Failed' : status}.title`)}</strong>
        <p>{t(`look.payment.${status === 'Cancelled' ? 'Failed' : status}.text`)}</p>
      </div>
    </section>
  );
}

/**
 * The recharge record /rechargeRecord (spec 02 §2, §3): price, status, channel and time, ten at a time.
 * Gateways send the payer back here with their return in the query, which is settled first; inside the
 * native app the credited recharge is then reported to the wrapper (e_first_pay or e_pay).
 */
export function RechargeRecordScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/recharge');
  const { settled: returnSettled, status: returnStatus } = useRechargeReturn();
  useNativeNotification(returnSettled);
  // The Razorpay widget settles its return before coming here and passes the status along.
  const location = useLocation();
  const paymentStatus = returnStatus ?? paymentStatusOf(location.state);
  const records = usePagedRecords(
    walletQueryKeys.recharges,
    (page, signal) => fetchRechargePage(api, page, signal),
    returnSettled,
  );
  return (
    <>
      <ScreenToolbar title={t('rechargeRecord.title')} onBack={goBack} />
      <div className={styles.page}>
        {paymentStatus ? <PaymentResult status={paymentStatus} /> : null}
        <RecordFeed
          records={records}
          label={t('rechargeRecord.title')}
          rowKey={(record, index) => record.serial_number || String(index)}
          renderRow={(record) => <RechargeRow record={record} />}
          testId="recharge-record-list"
        />
      </div>
    </>
  );
}
