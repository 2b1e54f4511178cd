import { TRANSACTION_TYPE_DESCRIPTIONS, TRANSACTION_TYPES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, TRANSLATION_LOADERS } from '../../../i18n/i18n.ts';
import { en } from '../../../i18n/locales/en.ts';
import { parseSignedAmount, TRANSACTION_TYPE_KEYS, transactionTypeKey } from './transaction.rule.ts';

describe('transaction type labels', () => {
  it('gives every type of the contract its own key', () => {
    const keys = TRANSACTION_TYPES.map((type) => TRANSACTION_TYPE_KEYS[type]);
    expect(new Set(keys).size).toBe(TRANSACTION_TYPES.length);
    expect(transactionTypeKey('Transfer out')).toBe('transferOut');
    expect(transactionTypeKey('Transfer in')).toBe('transferIn');
    expect(transactionTypeKey('RE')).toBe('RE');
    expect(transactionTypeKey('XYZ')).toBeNull();
  });

  it('labels every type in English as the contract describes it', () => {
    for (const type of TRANSACTION_TYPES) {
      const label = en.transactions.types[TRANSACTION_TYPE_KEYS[type]];
      const described = TRANSACTION_TYPE_DESCRIPTIONS[type];
      // The three LDG types have no meaning in the spec; they are shown as "Other" with their code.
      expect(label).toBe(type.startsWith('LDG') ? `Other (${described})` : described);
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'labels every type in %s with its own translated text',
    async (language) => {
      const translation = await TRANSLATION_LOADERS[language]();
      for (const type of TRANSACTION_TYPES) {
        const key = TRANSACTION_TYPE_KEYS[type];
        const label = translation.transactions.types[key];
        expect(label.trim(), `${language} ${type}`).not.toBe('');
        expect(label, `${language} ${type} is still English`).not.toBe(en.transactions.types[key]);
      }
    },
  );
});

describe('parseSignedAmount', () => {
  it('reads debits with an ASCII or a Unicode minus', () => {
    expect(parseSignedAmount('-100.00')).toEqual({ direction: 'out', magnitude: '100.00' });
    expect(parseSignedAmount('\u2212100.00')).toEqual({ direction: 'out', magnitude: '100.00' });
  });

  it('reads credits with or without a plus', () => {
    expect(parseSignedAmount('250.00')).toEqual({ direction: 'in', magnitude: '250.00' });
    expect(parseSignedAmount('+3.50')).toEqual({ direction: 'in', magnitude: '3.50' });
  });

  it('reads zero as neither and refuses what is not an amount', () => {
    expect(parseSignedAmount('0.00')).toEqual({ direction: 'none', magnitude: '0.00' });
    expect(parseSignedAmount('')).toBeNull();
    expect(parseSignedAmount('--5')).toBeNull();
    expect(parseSignedAmount('abc')).toBeNull();
  });
});
