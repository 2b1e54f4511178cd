import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BuyScreen } from '../features/orders/components/buy-screen.component.tsx';
import { productPath } from '../features/shop/components/product-card.component.tsx';
import { parseQueryId } from '../shared/navigation/query-id.ts';
import { useGoBack } from '../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../shared/ui/screen-toolbar.component.tsx';

/** Route `/buy?id={id}` (spec 01 §2): the purchase of one product. */
export default function BuyRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const productId = parseQueryId(params.get('id'));
  const goBack = useGoBack(productId === null ? '/' : productPath(productId));
  return (
    <>
      <ScreenToolbar title={t('buy.title')} onBack={goBack} />
      <BuyScreen productId={productId} />
    </>
  );
}
