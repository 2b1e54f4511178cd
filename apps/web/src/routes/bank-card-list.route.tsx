import { useTranslation } from 'react-i18next';
import { BankCardListScreen } from '../features/bank-cards/components/bank-card-list-screen.component.tsx';
import { useGoBack } from '../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../shared/ui/screen-toolbar.component.tsx';

/** Route `/bankCardList` (spec 01 §2). */
export default function BankCardListRoute() {
  const { t } = useTranslation();
  const goBack = useGoBack('/mine');
  return (
    <>
      <ScreenToolbar title={t('bankCards.title')} onBack={goBack} />
      <BankCardListScreen />
    </>
  );
}
