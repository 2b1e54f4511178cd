import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ProductDetail } from '../features/shop/components/product-detail.component.tsx';
import { parseQueryId } from '../shared/navigation/query-id.ts';
import { useGoBack } from '../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../shared/ui/screen-toolbar.component.tsx';

/** Route `/item?id={id}` (spec 01 §2): the product detail with its back button. */
export default function ItemRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const goBack = useGoBack('/');
  return (
    <>
      <ScreenToolbar title={t('item.title')} onBack={goBack} />
      <ProductDetail productId={parseQueryId(params.get('id'))} />
    </>
  );
}
