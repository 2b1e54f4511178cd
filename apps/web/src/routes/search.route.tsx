import { useTranslation } from 'react-i18next';
import { SearchScreen } from '../features/shop/components/search-screen.component.tsx';
import { useGoBack } from '../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../shared/ui/screen-toolbar.component.tsx';

/** Route `/search` (spec 01 §2); `?keyword=` holds the submitted search. */
export default function SearchRoute() {
  const { t } = useTranslation();
  const goBack = useGoBack('/');
  return (
    <>
      <ScreenToolbar title={t('search.title')} onBack={goBack} />
      <SearchScreen />
    </>
  );
}
