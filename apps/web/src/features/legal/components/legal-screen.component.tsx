import { useTranslation } from 'react-i18next';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import type { LegalDocumentKey } from '../content/legal-content.ts';
import LegalDocumentText from './legal-document.component.tsx';

/** Where "back" goes when the page was opened directly (a shared link): the home screen. */
const BACK_FALLBACK_PATH = '/';

/** A static legal page with a back button (spec 02 §2 "Legal pages"). */
export function LegalScreen({ documentKey }: { documentKey: LegalDocumentKey }) {
  const { t } = useTranslation();
  const goBack = useGoBack(BACK_FALLBACK_PATH);
  return (
    <>
      <ScreenToolbar title={t(`legal.${documentKey}`)} onBack={goBack} />
      <LegalDocumentText documentKey={documentKey} />
    </>
  );
}
