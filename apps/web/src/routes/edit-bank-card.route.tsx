import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BankCardForm } from '../features/bank-cards/components/bank-card-form.component.tsx';
import { useGoBack } from '../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../shared/ui/screen-toolbar.component.tsx';

/**
 * Route `/editBankCard` (spec 01 §2), also reached as `/editBankcard` from the withdrawal form (spec 02 §2;
 * routes match without regard to case): adds a card, or edits the one of `?id=`; goes back after saving.
 */
export default function EditBankCardRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const idParam = params.get('id');
  const goBack = useGoBack('/bankCardList');
  return (
    <>
      <ScreenToolbar
        title={idParam === null ? t('bankCards.add') : t('bankCards.editTitle')}
        onBack={goBack}
      />
      <BankCardForm idParam={idParam} onSaved={goBack} />
    </>
  );
}
