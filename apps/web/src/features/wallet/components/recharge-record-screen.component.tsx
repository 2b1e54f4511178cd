import type { RechargeRecordDto, RechargeStatus } from '@app/shared';
import { useTranslation } from 'react-i18next';
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

/**
 * The recharge record /rechargeRecord (spec 02 §2, §3): price, status, channel and time, ten at a time.
 * Gateways send the payer back here with their return in the query, which is settled first; inside the
 * native app the credited recharge is then reported to the wrapper (e_first_pay or e_pay).
 */
export function RechargeRecordScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/recharge');
  const returnSettled = useRechargeReturn();
  useNativeNotification(returnSettled);
  const records = usePagedRecords(
    walletQueryKeys.recharges,
    (page, signal) => fetchRechargePage(api, page, signal),
    returnSettled,
  );
  return (
    <>
      <ScreenToolbar title={t('rechargeRecord.title')} onBack={goBack} />
      <div className={styles.page}>
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
