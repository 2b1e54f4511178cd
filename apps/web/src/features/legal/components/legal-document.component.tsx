import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { LegalDocumentKey } from '../content/legal-content.ts';
import { useLegalContent } from '../hooks/use-legal-content.hook.ts';
import styles from './legal.module.css';

/** The text of one legal document in the interface language (used by the legal pages and the register dialog). */
export default function LegalDocumentText({ documentKey }: { documentKey: LegalDocumentKey }) {
  const { t } = useTranslation();
  const content = useLegalContent();

  if (content.isPending) {
    return (
      <div className={styles.loading}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (content.isError) {
    return (
      <div className={styles.failed}>
        <p>{t('legal.loadFailed')}</p>
        <Button size="small" onClick={() => void content.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  const document = content.data[documentKey];
  return (
    <article className={styles.document} data-testid={`legal-${documentKey}`}>
      <p className={styles.updated}>{document.updated}</p>
      {document.intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h2 className={styles.heading}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
