import type { WithdrawalDto, WithdrawalStatus } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { isoDateTime, useFormatDateTime } from '../../../shared/format/date-time.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import { RecordFeed } from '../../wallet/components/record-feed.component.tsx';
import { usePagedRecords } from '../../wallet/hooks/use-paged-records.hook.ts';
import { fetchWithdrawalPage } from '../api/withdrawals.api.ts';
import { withdrawalQueryKeys } from '../hooks/withdrawal-query-keys.ts';
import styles from './withdrawals.module.css';

const STATUS_CLASSES: Readonly<Record<WithdrawalStatus, string | undefined>> = {
  Wait: styles.statusWait,
  Success: styles.statusSuccess,
  Reject: styles.statusReject,
};

/** One withdrawal: amount and status, fee and credited amount, payout state, the refusal's reason, time. */
function WithdrawalRow({ record }: { record: WithdrawalDto }) {
  const formatDateTime = useFormatDateTime();
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  return (
    <article className={styles.row} data-testid="withdrawal-record-row" data-id={record.id}>
      <div className={styles.rowHead}>
        <span data-testid="withdrawal-record-price">{formatPrice(record.price)}</span>
        <span
          className={`${styles.status} ${STATUS_CLASSES[record.status] ?? ''}`}
          data-testid="withdrawal-record-status"
          data-status={record.status}
        >
          {t(`withdrawalRecord.status.${record.status}`)}
        </span>
      </div>
      <dl className={styles.amounts}>
        <dt>{t('withdrawal.fee')}</dt>
        <dd data-testid="withdrawal-record-fee">{formatPrice(record.fee)}</dd>
        <dt>{t('withdrawalRecord.actual')}</dt>
        <dd data-testid="withdrawal-record-actual">{formatPrice(record.actual_price)}</dd>
        <dt>{t('withdrawalRecord.payout')}</dt>
        <dd data-testid="withdrawal-record-payout-status" data-status={record.payout_status}>
          {t(`withdrawalRecord.payoutStatus.${record.payout_status}`)}
        </dd>
      </dl>
      {record.fail_reason ? (
        <p className={styles.reason} data-testid="withdrawal-record-fail-reason">
          {t('withdrawalRecord.reason')}: {record.fail_reason}
        </p>
      ) : null}
      <div className={styles.rowMeta}>
        <span>{[record.bank_name, record.account_number].filter(Boolean).join(' ')}</span>
        <time dateTime={isoDateTime(record.create_time)} data-testid="withdrawal-record-time">
          {formatDateTime(record.create_time)}
        </time>
      </div>
    </article>
  );
}

/**
 * The withdrawal record /withdrawalRecord (spec 02 §2, §3): price, fee, actual_price, status, payout_status,
 * fail_reason and create_time, ten at a time with infinite scroll.
 */
export function WithdrawalRecordScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/withdrawal');
  const records = usePagedRecords(withdrawalQueryKeys.list, (page, signal) =>
    fetchWithdrawalPage(api, page, signal),
  );
  return (
    <>
      <ScreenToolbar title={t('withdrawalRecord.title')} onBack={goBack} />
      <div className={styles.page}>
        <RecordFeed
          records={records}
          label={t('withdrawalRecord.title')}
          rowKey={(record) => String(record.id)}
          renderRow={(record) => <WithdrawalRow record={record} />}
          testId="withdrawal-record-list"
        />
      </div>
    </>
  );
}
