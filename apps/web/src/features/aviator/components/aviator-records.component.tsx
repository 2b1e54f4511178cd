import { zonedDateTime } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { AVIATOR_RECORDS_PAGE_SIZE, fetchAviatorRecords } from '../api/aviator.api.ts';
import styles from './aviator.module.css';

/** The records query key; the screen invalidates it after each round. */
export const aviatorRecordsKey = ['aviator', 'records'] as const;

const pad = (value: number) => String(value).padStart(2, '0');

/** My records (spec 02 "Aviator screen"): time (dd/MM hh:mm), bet, result, winnings and a Verify button. */
export function AviatorRecords({
  page,
  onPage,
  onVerify,
}: {
  page: number;
  onPage: (page: number) => void;
  onVerify: (period: number) => void;
}) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const { timeZone } = useMarket();
  const records = useQuery({
    queryKey: [...aviatorRecordsKey, page] as const,
    queryFn: ({ signal }) => fetchAviatorRecords(api, page, signal),
    placeholderData: keepPreviousData,
  });
  const rows = records.data?.queryset ?? [];
  const pages = Math.max(1, Math.ceil((records.data?.page.count ?? 0) / AVIATOR_RECORDS_PAGE_SIZE));
  const time = (period: number) => {
    const zoned = zonedDateTime(period * 100, timeZone);
    return `${pad(zoned.day)}/${pad(zoned.month)} ${pad(zoned.hour)}:${pad(zoned.minute)}`;
  };
  return (
    <section data-testid="aviator-records">
      <h3>{t('aviator.myRecords')}</h3>
      {rows.length === 0 ? (
        <p>{t('aviator.noRecords')}</p>
      ) : (
        <table className={styles.records}>
          <thead>
            <tr>
              <th>{t('aviator.time')}</th>
              <th>{t('aviator.bet')}</th>
              <th>{t('aviator.result')}</th>
              <th>{t('aviator.winnings')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.period}-${row.create_time}`} data-testid="aviator-record">
                <td>{time(row.period)}</td>
                <td>{formatPrice(row.delivery)}</td>
                <td>{row.open_result ? `${row.open_result}x` : '—'}</td>
                <td data-testid="aviator-record-win">
                  {row.cash_result === 'none'
                    ? formatPrice(row.win_amount)
                    : `${formatPrice(row.win_amount)} (${row.cash_result}x)`}
                </td>
                <td>
                  {row.open_result ? (
                    <Button size="mini" onClick={() => onVerify(row.period)}>
                      {t('aviator.verify')}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <div className={styles.controls}>
          <Button size="mini" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            ‹
          </Button>
          <span>
            {page}/{pages}
          </span>
          <Button size="mini" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            ›
          </Button>
        </div>
      ) : null}
    </section>
  );
}
