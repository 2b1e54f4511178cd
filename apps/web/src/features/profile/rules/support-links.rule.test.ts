import { describe, expect, it } from 'vitest';
import { buildSupportLink, buildSupportLinks } from './support-links.rule.ts';

describe('buildSupportLink', () => {
  it('opens email addresses with mailto:', () => {
    expect(buildSupportLink({ type: 'email', value: ' help@gold.example ' })).toEqual({
      type: 'email',
      value: 'help@gold.example',
      href: 'mailto:help@gold.example',
    });
    expect(buildSupportLink({ type: 'email', value: 'not-an-address' })).toBeNull();
  });

  it('dials phone numbers with tel:, keeping the plus and dropping separators', () => {
    expect(buildSupportLink({ type: 'mobile', value: '+91 98765-43210' })?.href).toBe('tel:+919876543210');
    expect(buildSupportLink({ type: 'mobile', value: '1800 123 456' })?.href).toBe('tel:1800123456');
    expect(buildSupportLink({ type: 'mobile', value: 'call us' })).toBeNull();
  });

  it('opens WhatsApp at wa.me with digits only', () => {
    expect(buildSupportLink({ type: 'whatsapp', value: '+91 98765 43210' })?.href).toBe(
      'https://wa.me/919876543210',
    );
    expect(buildSupportLink({ type: 'whatsapp', value: '12' })).toBeNull();
  });

  it('opens Telegram at t.me by user name, with or without @ or a link', () => {
    expect(buildSupportLink({ type: 'telegram', value: '@gold_support' })?.href).toBe(
      'https://t.me/gold_support',
    );
    expect(buildSupportLink({ type: 'telegram', value: 'gold_support' })?.href).toBe(
      'https://t.me/gold_support',
    );
    expect(buildSupportLink({ type: 'telegram', value: 'https://t.me/gold_support' })?.href).toBe(
      'https://t.me/gold_support',
    );
    expect(buildSupportLink({ type: 'telegram', value: '+55 11 91234-5678' })?.href).toBe(
      'https://t.me/+5511912345678',
    );
    expect(buildSupportLink({ type: 'telegram', value: 'a b' })).toBeNull();
  });

  it('never builds a link that runs script', () => {
    expect(buildSupportLink({ type: 'telegram', value: 'javascript:alert(1)' })).toBeNull();
    expect(buildSupportLink({ type: 'email', value: 'javascript:alert(1)//@x.y' })?.href).toBe(
      'mailto:javascript:alert(1)//@x.y',
    );
  });
});

describe('buildSupportLinks', () => {
  it('keeps the server order and leaves out unusable contacts', () => {
    const links = buildSupportLinks([
      { type: 'telegram', value: '@gold_support' },
      { type: 'email', value: '' },
      { type: 'whatsapp', value: '+919876543210' },
    ]);
    expect(links.map((link) => link.type)).toEqual(['telegram', 'whatsapp']);
  });
});
