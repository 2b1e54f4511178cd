import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '../../../i18n/i18n.ts';
import { LEGAL_CONTENT_LOADERS } from '../content/legal-content.ts';

/** The legal texts in the interface language; they are static, so a loaded language never reloads. */
export function useLegalContent() {
  const { i18n } = useTranslation();
  const language = isLanguageCode(i18n.language) ? i18n.language : 'en';
  return useQuery({
    queryKey: ['legal', language] as const,
    queryFn: () => LEGAL_CONTENT_LOADERS[language](),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
