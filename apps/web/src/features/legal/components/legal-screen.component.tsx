import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import type { LegalDocumentKey } from '../content/legal-content.ts';
import styles from './legal.module.css';
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
      {/* The documents send questions and complaints to the suggestion page (spec 02 "Legal pages"). */}
      <p className={styles.complaints}>
        <Link to="/suggestionList" data-testid="legal-complaints-link">
          {t('profile.entries.suggestions')}
        </Link>
      </p>
    </>
  );
}
