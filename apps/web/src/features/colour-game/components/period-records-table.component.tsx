import type { GuessPeriodDto } from '@app/shared';
import { useTranslation } from 'react-i18next';
import styles from './colour-game.module.css';
import { DigitText, ResultDots } from './result-marks.component.tsx';

/** The public records table (spec 02 §2, §3): period, price, number and result colours of settled periods. */
export function PeriodRecordsTable({ rows }: { rows: readonly GuessPeriodDto[] }) {
  const { t } = useTranslation();
  return (
    <table className={styles.table} data-testid="period-records">
      <thead>
        <tr>
          <th scope="col">{t('colourGame.columns.period')}</th>
          <th scope="col">{t('colourGame.columns.price')}</th>
          <th scope="col">{t('colourGame.columns.number')}</th>
          <th scope="col">{t('colourGame.columns.result')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.period} data-testid="period-record-row">
            <td>{row.period}</td>
            <td data-testid="period-record-price">{row.price}</td>
            <td data-testid="period-record-number">
              <DigitText digit={row.last_num} />
            </td>
            <td>
              <ResultDots digit={row.last_num} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
