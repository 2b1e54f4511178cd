import { describe, expect, it } from 'vitest';
import { withoutField } from './without-field.rule.ts';

describe('withoutField', () => {
  it('drops the message of one field and keeps the others', () => {
    expect(withoutField<Record<string, string | undefined>>({ a: 'x', b: 'y' }, 'a')).toEqual({ b: 'y' });
  });

  it('answers the same object when the field has no message', () => {
    const errors: Record<string, string | undefined> = { b: 'y' };
    expect(withoutField(errors, 'a')).toBe(errors);
  });
});
