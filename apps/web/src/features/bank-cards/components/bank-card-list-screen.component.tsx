import type { BankCardDto } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { InformationCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { useAppConfig } from '../../../shared/app-config/app-config.context.tsx';
import { useErrorAlert, useHideErrorAlert } from '../../../shared/dialogs/error-alert.context.tsx';
import { confirmDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { getToken, StorageKey } from '../../../shared/storage/storage.ts';
import { useStoredValue } from '../../../shared/storage/use-stored-value.hook.ts';
import { EditDeleteSheet } from '../../../shared/ui/edit-delete-sheet.component.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.component.tsx';
import listStyles from '../../../shared/ui/saved-list.module.css';
import { SkeletonScreen } from '../../../shared/ui/skeleton.component.tsx';
import { deleteBankCard } from '../api/bank-cards.api.ts';
import { bankCardQueryKeys } from '../hooks/bank-card-query-keys.ts';
import { useBankCards } from '../hooks/use-bank-cards.hook.ts';
import { bankCardErrorText, translateBankCardMessage } from '../rules/bank-card-message.rule.ts';
import { BankCardSummary, editBankCardPath } from './bank-card-summary.component.tsx';

function SignedInBankCardList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { market } = useAppConfig();
  const showError = useErrorAlert();
  const hideError = useHideErrorAlert();
  const cards = useBankCards();
  const [selected, setSelected] = useState<BankCardDto | null>(null);

  async function remove(card: BankCardDto) {
    setSelected(null);
    const confirmed = await confirmDialog({
      title: t('bankCards.delete'),
      content: t('bankCards.deleteContent', { account: card.account_number, bank: card.bank_name }),
      confirmText: t('bankCards.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    hideError();
    try {
      const message = await deleteBankCard(api, card.id);
      Toast.show({ content: translateBankCardMessage(message, market) });
    } catch (error) {
      showError(bankCardErrorText(error, market));
    } finally {
      // Deleted, or gone already: either way the list must show what the server holds now (spec 01 §4).
      queryClient.removeQueries({ queryKey: bankCardQueryKeys.one(card.id) });
      await queryClient.invalidateQueries({ queryKey: bankCardQueryKeys.list });
    }
  }

  if (cards.isPending) {
    return <SkeletonScreen cards={2} />;
  }
  if (cards.isError) {
    return (
      <div className={listStyles.state} data-testid="bank-card-list-failed">
        <p>{t('bankCards.loadFailed')}</p>
        <Button size="small" onClick={() => void cards.refetch()} loading={cards.isFetching}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const now = Date.now();
  return (
    <div className={listStyles.page}>
      {cards.data.cards.length === 0 ? (
        <EmptyState text={t('bankCards.empty')} testId="bank-card-list-empty" />
      ) : (
        <ul className={listStyles.list} aria-label={t('bankCards.title')}>
          {cards.data.cards.map((card) => (
            <li key={card.id} className={listStyles.item} data-testid="bank-card-item" data-card-id={card.id}>
              <BankCardSummary card={card} now={now} />
              <button
                type="button"
                className={listStyles.infoButton}
                aria-label={t('bankCards.actions')}
                onClick={() => setSelected(card)}
              >
                <InformationCircleOutline aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* The add button appears only once the list has loaded (spec 01 §2). */}
      <Button block color="primary" onClick={() => navigate(editBankCardPath())} data-testid="bank-card-add">
        {t('bankCards.add')}
      </Button>
      <EditDeleteSheet
        item={selected}
        label={t('bankCards.actions')}
        describe={(card) => `${card.bank_name} · ${card.account_number}`}
        editText={t('bankCards.edit')}
        deleteText={t('bankCards.delete')}
        testId="bank-card-sheet"
        onClose={() => setSelected(null)}
        onEdit={(card) => navigate(editBankCardPath(card.id))}
        onDelete={(card) => void remove(card)}
      />
    </div>
  );
}

/** The bank card list /bankCardList (spec 01 §2); without a token it goes to /login. */
export function BankCardListScreen() {
  const token = useStoredValue(StorageKey.token, getToken);
  if (!token) return <Navigate to="/login" replace />;
  return <SignedInBankCardList />;
}
