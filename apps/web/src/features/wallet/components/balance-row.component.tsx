import { useTranslation } from 'react-i18next';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import styles from './wallet.module.css';

/** The balance line of the wallet screens, with two decimals in the market currency; a dash until loaded. */
export function BalanceRow({ balance }: { balance: string | undefined }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  return (
    <div className={styles.balance}>
      <span>{t('wallet.balance')}</span>
      <strong data-testid="wallet-balance">{balance === undefined ? '—' : formatPrice(balance)}</strong>
    </div>
  );
}
