import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AddressForm } from '../features/addresses/components/address-form.component.tsx';
import { useGoBack } from '../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../shared/ui/screen-toolbar.component.tsx';

/** Route `/editAddress` (spec 01 §2): adds an address, or edits the one of `?id=`; goes back after saving. */
export default function EditAddressRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const idParam = params.get('id');
  const goBack = useGoBack('/addressList');
  return (
    <>
      <ScreenToolbar
        title={idParam === null ? t('addresses.addTitle') : t('addresses.editTitle')}
        onBack={goBack}
      />
      <AddressForm idParam={idParam} onSaved={goBack} />
    </>
  );
}
