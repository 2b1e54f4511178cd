import { useQuery } from '@tanstack/react-query';
import { Dialog, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '../../../i18n/i18n.ts';
import { COLOUR_RULES_LOADERS, type ColourRulesKind } from '../content/colour-rules.ts';
import styles from './colour-game.module.css';

const TITLE_KEYS = { rule: 'colourGame.ruleTitle', presale: 'colourGame.presaleTitle' } as const;

function RulesText({ kind }: { kind: ColourRulesKind }) {
  const { t, i18n } = useTranslation();
  const language = isLanguageCode(i18n.language) ? i18n.language : 'en';
  const content = useQuery({
    queryKey: ['colour', 'rules', language] as const,
    queryFn: () => COLOUR_RULES_LOADERS[language](),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  if (content.isPending) return <DotLoading color="primary" />;
  if (content.isError) return <p>{t('wallet.loadFailed')}</p>;
  return (
    <div className={styles.ruleText} data-testid={`colour-${kind}-text`}>
      {content.data[kind].map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}

/** The Read rule dialog or the Presale Rule dialog of the game screen (spec 02 §2). */
export function RulesDialog({
  kind,
  open,
  onClose,
}: {
  kind: ColourRulesKind;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={open}
      title={t(TITLE_KEYS[kind])}
      content={open ? <RulesText kind={kind} /> : null}
      closeOnMaskClick
      onClose={onClose}
      actions={[{ key: 'ok', text: t('common.ok') }]}
      onAction={onClose}
    />
  );
}
