import { describe, expect, it } from 'vitest';
import { isSuggestionComplete } from './suggestions.api.ts';

describe('suggestion form', () => {
  it('needs a type, whats_app and a description; out_id is optional', () => {
    const full = { type: 'RP' as const, whatsApp: '+91 98', description: 'Late recharge', outId: '' };
    expect(isSuggestionComplete(full)).toBe(true);
    expect(isSuggestionComplete({ ...full, type: '' })).toBe(false);
    expect(isSuggestionComplete({ ...full, whatsApp: '  ' })).toBe(false);
    expect(isSuggestionComplete({ ...full, description: '' })).toBe(false);
  });
});
