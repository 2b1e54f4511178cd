import type { LanguageCode } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../i18n/i18n.ts';
import {
  LEGAL_CONTENT_LOADERS,
  LEGAL_FACTS,
  type LegalContent,
  type LegalDocument,
} from './legal-content.ts';

const CONTENT = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(async (language) => [language, await LEGAL_CONTENT_LOADERS[language]()] as const),
  ),
) as Record<LanguageCode, LegalContent>;

function fullText(document: LegalDocument): string {
  return [
    document.updated,
    ...document.intro,
    ...document.sections.flatMap((section) => [section.heading, ...section.paragraphs]),
  ].join('\n');
}

describe('legal texts', () => {
  it.each(LANGUAGES)(
    '%s: the privacy policy states the age limit, contact page, tracking currency and region',
    (language) => {
      const text = fullText(CONTENT[language].privacyPolicy);
      expect(text).toContain(`${LEGAL_FACTS.privacyMinimumAge}`);
      expect(text).toContain(LEGAL_FACTS.trackingCurrency);
      expect(text).toContain(LEGAL_FACTS.region);
    },
  );

  it.each(LANGUAGES)(
    '%s: the risk disclosure states age, refunds, inventory and cancellation deadline',
    (language) => {
      const text = fullText(CONTENT[language].riskAgreement);
      expect(text).toContain(`${LEGAL_FACTS.bookingMinimumAge}`);
      expect(text).toContain(`${LEGAL_FACTS.refundWorkingDays}`);
      expect(text).toContain(`${LEGAL_FACTS.failedTransactionRefundHours}`);
      expect(text).toContain(LEGAL_FACTS.inventoryWindow);
      expect(text).toContain(LEGAL_FACTS.cancellationDeadline);
      expect(text).toContain(LEGAL_FACTS.region);
    },
  );

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s is a full translation with the same structure as English',
    (language) => {
      for (const key of ['privacyPolicy', 'riskAgreement'] as const) {
        const english = CONTENT.en[key];
        const translated = CONTENT[language][key];
        expect(translated.sections.map((section) => section.paragraphs.length)).toEqual(
          english.sections.map((section) => section.paragraphs.length),
        );
        english.sections.forEach((section, index) => {
          expect(translated.sections[index]?.heading).not.toBe(section.heading);
        });
        expect(translated.intro[0]).not.toBe(english.intro[0]);
      }
    },
  );

  it('has no empty paragraph in any language', () => {
    for (const language of LANGUAGES) {
      for (const document of Object.values(CONTENT[language])) {
        for (const paragraph of fullText(document).split('\n')) expect(paragraph.trim()).not.toBe('');
      }
    }
  });
});
