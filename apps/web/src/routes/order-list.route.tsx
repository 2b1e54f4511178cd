import { useTranslation } from 'react-i18next';
import { OrderListScreen } from '../features/orders/components/order-list-screen.component.tsx';
import { useGoBack } from '../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../shared/ui/screen-toolbar.component.tsx';

/** Route `/orderList` (spec 01 §2); `?status=` opens a tab. */
export default function OrderListRoute() {
  const { t } = useTranslation();
  const goBack = useGoBack('/mine');
  return (
    <>
      <ScreenToolbar title={t('orders.title')} onBack={goBack} />
      <OrderListScreen />
    </>
  );
}
