import type { LanguageCode } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { COLOUR_RULES_LOADERS, RULE_FACTS } from './colour-rules.ts';

const LANGUAGES = Object.keys(COLOUR_RULES_LOADERS) as LanguageCode[];

describe('colour rules content', () => {
  it.each(LANGUAGES)('%s states every figure of the rules', async (language) => {
    const content = await COLOUR_RULES_LOADERS[language]();
    const rule = content.rule.join(' ');
    for (const figure of [
      RULE_FACTS.periodMinutes,
      RULE_FACTS.periodsPerDay,
      RULE_FACTS.lockSeconds,
      `${RULE_FACTS.feePercent}%`,
      RULE_FACTS.exampleStake,
      RULE_FACTS.exampleContract,
      '196',
      '147',
      '441',
      '882',
    ]) {
      expect(rule, `${language}: ${figure}`).toContain(String(figure));
    }
    expect(content.presale.join(' ')).toContain(`${RULE_FACTS.presaleDays}`);
  });

  it('has as many paragraphs in every language as in English', async () => {
    const english = await COLOUR_RULES_LOADERS.en();
    for (const language of LANGUAGES) {
      const content = await COLOUR_RULES_LOADERS[language]();
      expect(content.rule.length, language).toBe(english.rule.length);
      expect(content.presale.length, language).toBe(english.presale.length);
    }
  });
});
