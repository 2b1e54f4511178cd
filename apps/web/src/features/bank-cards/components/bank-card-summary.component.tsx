import type { BankCardDto } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../shared/format/date-time.ts';
import listStyles from '../../../shared/ui/saved-list.module.css';
import { isCoolingDown } from '../rules/bank-card-form.rule.ts';
import styles from './bank-cards.module.css';

/** The add and edit screen of a bank card (spec 01 §2: /editBankCard, with ?id to edit). */
export function editBankCardPath(id?: number): string {
  return id === undefined ? '/editBankCard' : `/editBankCard?id=${id}`;
}

/**
 * One card as lists show it: bank, the masked account number (the server masks it), the holder, and while
 * the card is in its cool-down after being added or edited, when it can first receive a withdrawal.
 */
export function BankCardSummary({ card, now = Date.now() }: { card: BankCardDto; now?: number }) {
  const formatDateTime = useFormatDateTime();
  const { t } = useTranslation();
  return (
    <div className={listStyles.itemBody}>
      <div className={listStyles.itemHead}>
        <span className={styles.itemBank}>{card.bank_name}</span>
        <span className={styles.itemAccount} data-testid="bank-card-account">
          {card.account_number}
        </span>
      </div>
      <span className={styles.itemLine}>{card.actual_name}</span>
      {isCoolingDown(card, now) ? (
        <span className={styles.coolingDown} data-testid="bank-card-cooling-down">
          {t('bankCards.coolingDown', { time: formatDateTime(card.withdrawable_from) })}
        </span>
      ) : null}
    </div>
  );
}
