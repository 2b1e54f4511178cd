import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { isoDateTime, useFormatDateTime } from '../../../shared/format/date-time.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import { fetchTransactionPage, type TransactionRow } from '../api/wallet.api.ts';
import { usePagedRecords } from '../hooks/use-paged-records.hook.ts';
import { walletQueryKeys } from '../hooks/wallet-query-keys.ts';
import { parseSignedAmount, transactionTypeKey } from '../rules/transaction.rule.ts';
import { RecordFeed } from './record-feed.component.tsx';
import styles from './wallet.module.css';

/** A type's translated name; a type this app does not know shows as the server sent it. */
export function useTransactionLabel(): (type: string) => string {
  const { t } = useTranslation();
  return (type) => {
    const key = transactionTypeKey(type);
    return key ? t(`transactions.types.${key}`) : type;
  };
}

function TransactionItem({ row }: { row: TransactionRow }) {
  const formatDateTime = useFormatDateTime();
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const label = useTransactionLabel();
  const amount = parseSignedAmount(row.change_balance);
  const sign = amount?.direction === 'in' ? '+' : amount?.direction === 'out' ? '-' : '';
  const amountClass =
    amount?.direction === 'in' ? styles.amountIn : amount?.direction === 'out' ? styles.amountOut : '';
  return (
    <article className={styles.row} data-testid="transaction-row" data-type={row.type}>
      <div className={styles.rowHead}>
        <span data-testid="transaction-type">{label(row.type)}</span>
        <span className={amountClass} data-testid="transaction-amount">
          {amount ? `${sign}${formatPrice(amount.magnitude)}` : row.change_balance}
        </span>
      </div>
      <div className={styles.rowMeta}>
        <time dateTime={isoDateTime(row.create_time)}>{formatDateTime(row.create_time)}</time>
        {row.relation_id ? (
          <span>
            {t('transactions.reference')} {row.relation_id}
          </span>
        ) : null}
      </div>
    </article>
  );
}

/** The transaction list /transactionList (spec 02 §2, §3): every ledger movement, typed and signed. */
export function TransactionListScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/mine');
  const records = usePagedRecords(walletQueryKeys.transactions, (page, signal) =>
    fetchTransactionPage(api, page, signal),
  );
  return (
    <>
      <ScreenToolbar title={t('transactions.title')} onBack={goBack} />
      <div className={styles.page}>
        <RecordFeed
          records={records}
          label={t('transactions.title')}
          rowKey={(row, index) => `${row.create_time}-${row.type}-${row.relation_id}-${index}`}
          renderRow={(row) => <TransactionItem row={row} />}
          testId="transaction-list"
        />
      </div>
    </>
  );
}
