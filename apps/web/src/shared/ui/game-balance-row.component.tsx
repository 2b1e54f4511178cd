import { Button } from 'antd-mobile';
import { LoopOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormatPrice } from '../money/use-format-price.hook.ts';
import styles from './game-balance-row.module.css';
import { toolbarIconButtonClass } from './screen-toolbar.component.tsx';

/** The toolbar's reload icon of a game screen. */
export function ReloadIconButton({
  label,
  testId,
  onReload,
}: {
  label: string;
  testId: string;
  onReload: () => void;
}) {
  return (
    <button
      type="button"
      className={toolbarIconButtonClass}
      onClick={onReload}
      aria-label={label}
      data-testid={testId}
    >
      <LoopOutline aria-hidden="true" />
    </button>
  );
}

/**
 * The top card row of a game screen (spec 02: "balance with Recharge, rules"): the wallet balance, a
 * Recharge button and the button that opens the game's rules.
 */
export function GameBalanceRow({
  balance,
  balanceTestId,
  rulesLabel,
  rulesTestId,
  onOpenRules,
}: {
  /** The balance as the API writes prices ("721900.00"), or undefined while it loads. */
  balance: string | undefined;
  balanceTestId: string;
  rulesLabel: string;
  rulesTestId: string;
  onOpenRules: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatPrice = useFormatPrice();
  return (
    <div className={styles.balanceRow}>
      <div>
        <span className={styles.balanceLabel}>{t('wallet.balance')}</span>
        <strong className={styles.balanceValue} data-testid={balanceTestId}>
          {balance === undefined ? '—' : formatPrice(balance)}
        </strong>
      </div>
      <div className={styles.actions}>
        <Button size="small" color="primary" onClick={() => navigate('/recharge')}>
          {t('profile.recharge')}
        </Button>
        <Button size="small" fill="outline" onClick={onOpenRules} data-testid={rulesTestId}>
          {rulesLabel}
        </Button>
      </div>
    </div>
  );
}
