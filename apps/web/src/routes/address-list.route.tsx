import { useTranslation } from 'react-i18next';
import { AddressListScreen } from '../features/addresses/components/address-list-screen.component.tsx';
import { useGoBack } from '../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../shared/ui/screen-toolbar.component.tsx';

/** Route `/addressList` (spec 01 §2). */
export default function AddressListRoute() {
  const { t } = useTranslation();
  const goBack = useGoBack('/mine');
  return (
    <>
      <ScreenToolbar title={t('addresses.title')} onBack={goBack} />
      <AddressListScreen />
    </>
  );
}
