import type { LanguageCode } from '@app/shared';

/** One titled part of a legal document. */
export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

/** A static legal page (spec 01 §2 and spec 02 §2 "Legal pages"): an introduction and its sections. */
export interface LegalDocument {
  /** When the text last changed, as the document states it. */
  updated: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

/** Both legal pages of one language. */
export interface LegalContent {
  privacyPolicy: LegalDocument;
  riskAgreement: LegalDocument;
}

export type LegalDocumentKey = keyof LegalContent;

/** The legal facts the texts state (spec 01 §9, spec 02 §9 "Other"); tests hold every language to them. */
export const LEGAL_FACTS = {
  privacyMinimumAge: 13,
  bookingMinimumAge: 18,
  refundWorkingDays: 5,
  failedTransactionRefundHours: 72,
  inventoryWindow: '01:30-05:30',
  cancellationDeadline: '01:30',
  trackingCurrency: 'INR',
  region: 'Uttar Pradesh',
} as const;

/**
 * Each language's texts load only when a legal page or the register screen's privacy dialog opens: they
 * are long, and no other screen needs them.
 */
export const LEGAL_CONTENT_LOADERS: Readonly<Record<LanguageCode, () => Promise<LegalContent>>> = {
  en: () => import('./legal-content.en.ts').then((module) => module.legalContentEn),
  'pt-BR': () => import('./legal-content.pt-BR.ts').then((module) => module.legalContentPtBR),
  'es-MX': () => import('./legal-content.es-MX.ts').then((module) => module.legalContentEsMX),
  vi: () => import('./legal-content.vi.ts').then((module) => module.legalContentVi),
};
