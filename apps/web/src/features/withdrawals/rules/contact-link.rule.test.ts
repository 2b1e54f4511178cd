import { describe, expect, it } from 'vitest';
import { contactKind } from './contact-link.rule.ts';

describe('contactKind', () => {
  it.each([
    ['https://wa.me/919876543210', 'whatsapp'],
    ['whatsapp://send?phone=919876543210', 'whatsapp'],
    ['tel:+919876543210', 'phone'],
    ['mailto:payouts@example.com', 'email'],
    ['https://t.me/goldshop_support', 'telegram'],
    ['tg://resolve?domain=goldshop_support', 'telegram'],
    ['https://support.example.com/withdrawals', 'web'],
  ] as const)('%s is %s', (url, kind) => {
    expect(contactKind(url)).toBe(kind);
  });

  it('refuses what is not a link, and links that could run script', () => {
    expect(contactKind('')).toBeNull();
    expect(contactKind('call us')).toBeNull();
    expect(contactKind('javascript:alert(1)')).toBeNull();
    expect(contactKind('data:text/html,hi')).toBeNull();
  });
});
