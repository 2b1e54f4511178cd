import type { LanguageCode } from '@app/shared';

/** The two long texts of the game screen: the Read rule dialog and the Presale Rule dialog. */
export interface ColourRulesContent {
  /** The game's rules, one paragraph each. */
  rule: readonly string[];
  /** The presale rule (spec 02 §9: deposit window up to 7 days, final payment within 7 days). */
  presale: readonly string[];
}

export type ColourRulesKind = keyof ColourRulesContent;

/**
 * The figures every language's rule text states; the tests hold each translation to them, so a changed
 * constant cannot leave a text behind unnoticed.
 */
export const RULE_FACTS = {
  periodMinutes: 3,
  periodsPerDay: 480,
  lockSeconds: 30,
  feePercent: 2,
  exampleStake: 100,
  exampleContract: 98,
  presaleDays: 7,
} as const;

/** Each language's texts load only when one of the two dialogs opens: they are long and rarely read. */
export const COLOUR_RULES_LOADERS: Readonly<Record<LanguageCode, () => Promise<ColourRulesContent>>> = {
  en: () => import('./colour-rules.en.ts').then((module) => module.colourRulesEn),
  'pt-BR': () => import('./colour-rules.pt-BR.ts').then((module) => module.colourRulesPtBR),
  'es-MX': () => import('./colour-rules.es-MX.ts').then((module) => module.colourRulesEsMX),
  vi: () => import('./colour-rules.vi.ts').then((module) => module.colourRulesVi),
};
