import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { isNetworkError } from '../../../shared/api/api-errors.ts';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';
import {
  confirmDialog,
  showCompletedDialog,
  showErrorDialog,
  showFailDialog,
} from '../../../shared/dialogs/message-dialogs.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import { SkeletonScreen } from '../../../shared/ui/skeleton.component.tsx';
import { profileQueryKeys } from '../../profile/hooks/profile-query-keys.ts';
import { useProfile } from '../../profile/hooks/use-profile.hook.ts';
import { transferTo } from '../api/wallet.api.ts';
import { walletQueryKeys } from '../hooks/wallet-query-keys.ts';
import { digitsOnly } from '../rules/recharge-amount.rule.ts';
import { type TransferInput, validateTransfer } from '../rules/transfer.rule.ts';
import { BalanceRow } from './balance-row.component.tsx';
import styles from './wallet.module.css';

/** Where a player without transfers goes (spec 02 §2, §5). */
const WITHOUT_TRANSFER_PATH = '/mine';

/** The transfer screen /transfer (spec 02 "Transfer screen"); only for players with is_transfer_enable 1. */
export function TransferScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack(WITHOUT_TRANSFER_PATH);
  const profile = useProfile(true);

  if (profile.data && !profile.data.transferEnabled) {
    return <Navigate to={WITHOUT_TRANSFER_PATH} replace />;
  }
  return (
    <>
      <ScreenToolbar title={t('transfer.title')} onBack={goBack} />
      {profile.isPending ? (
        <SkeletonScreen cards={2} />
      ) : profile.isError ? (
        <div className={styles.state} data-testid="transfer-profile-failed">
          <span>{t('profile.loadFailed')}</span>
          <Button size="small" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <TransferForm balance={profile.data.balance} />
      )}
    </>
  );
}

/**
 * Warning, balance, recipient user id and amount (digits only, trimmed) and Confirm (spec 02 §4, §5, §8):
 * with both filled the confirm dialog opens, then the transfer is sent; the result dialog's OK clears the
 * fields after a success, and the profile (the balance) reloads either way.
 */
function TransferForm({ balance }: { balance: string }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const formatPrice = useFormatPrice();
  const { currencySymbol } = useMarket();
  const [userId, setUserId] = useState('');
  const [amount, setAmount] = useState('');

  const reloadBalance = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile }),
      queryClient.invalidateQueries({ queryKey: walletQueryKeys.transactions }),
    ]);

  const send = useMutation({
    mutationFn: (input: TransferInput) =>
      transferTo(api, String(Number(input.userId)), String(Number(input.amount))),
    onSuccess: async () => {
      void reloadBalance();
      await showCompletedDialog(t('transfer.completed'));
      setUserId('');
      setAmount('');
    },
    onError: async (error) => {
      void reloadBalance();
      if (isNetworkError(error)) await showErrorDialog(t('dialog.genericError'));
      else await showFailDialog(errorMessage(error));
    },
  });

  async function confirm() {
    if (send.isPending) return;
    const input = validateTransfer(userId, amount);
    if (!input) return;
    const confirmed = await confirmDialog({
      title: t('transfer.confirmTitle'),
      content: (
        <span data-testid="transfer-confirm-text">
          {t('transfer.confirmText', { amount: formatPrice(input.amount), userId: input.userId })}
        </span>
      ),
      confirmText: t('transfer.confirm'),
      cancelText: t('common.cancel'),
    });
    // The check runs again on what is about to be sent (spec 02 §5).
    const checked = confirmed ? validateTransfer(input.userId, input.amount) : null;
    if (checked) send.mutate(checked);
  }

  return (
    <div className={styles.page}>
      <p className={styles.warning} data-testid="transfer-warning">
        {t('transfer.warning')}
      </p>
      <section className={styles.card}>
        <BalanceRow balance={balance} />
      </section>
      <section className={styles.card}>
        <div className={styles.field}>
          <label htmlFor={`${id}-user`} className={styles.label}>
            {t('transfer.userIdLabel')}
          </label>
          <div className={styles.control}>
            <input
              id={`${id}-user`}
              className={styles.input}
              value={userId}
              onChange={(event) => setUserId(digitsOnly(event.target.value))}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('transfer.userIdPlaceholder')}
              data-testid="transfer-user-id"
            />
          </div>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-amount`} className={styles.label}>
            {t('transfer.amountLabel')}
          </label>
          <div className={styles.control}>
            <span aria-hidden="true">{currencySymbol}</span>
            <input
              id={`${id}-amount`}
              className={styles.input}
              value={amount}
              onChange={(event) => setAmount(digitsOnly(event.target.value))}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('transfer.amountPlaceholder')}
              data-testid="transfer-amount"
            />
          </div>
        </div>
      </section>
      <Button
        block
        color="primary"
        size="large"
        loading={send.isPending}
        onClick={() => void confirm()}
        data-testid="transfer-confirm"
      >
        {t('transfer.confirm')}
      </Button>
    </div>
  );
}
