import type { SupportContactDto, SupportType } from '@app/shared';

/** A support contact ready to show: the value as the operator wrote it and the link that opens it. */
export interface SupportLink {
  type: SupportType;
  value: string;
  href: string;
}

/** A simple address check (spec 01 §5 uses "a simple pattern with an at sign" for emails). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Telegram user names: 5 to 32 letters, digits or underscores. */
const TELEGRAM_NAME_PATTERN = /^[A-Za-z0-9_]{5,32}$/;
/** Telegram links of the form https://t.me/<name> or t.me/<name>. */
const TELEGRAM_URL_PATTERN = /^(?:https?:\/\/)?(?:t\.me|telegram\.me)\/([^/?#]+)/i;
/** Shortest and longest phone number in digits (E.164 allows at most 15). */
const PHONE_DIGITS_MIN = 5;
const PHONE_DIGITS_MAX = 15;

function phoneDigits(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  return digits.length >= PHONE_DIGITS_MIN && digits.length <= PHONE_DIGITS_MAX ? digits : null;
}

/**
 * The link of a support contact (spec 01 §2 "support contact group built from the server"): email to
 * mailto:, mobile to tel:, WhatsApp to https://wa.me/<digits>, Telegram to https://t.me/<name>. A value
 * the link cannot be built from gives null, so a bad setting is left out rather than shown broken.
 */
export function buildSupportLink(contact: SupportContactDto): SupportLink | null {
  const value = contact.value.trim();
  if (value === '') return null;
  switch (contact.type) {
    case 'email':
      return EMAIL_PATTERN.test(value) ? { type: 'email', value, href: `mailto:${value}` } : null;
    case 'mobile': {
      const digits = phoneDigits(value);
      if (!digits) return null;
      return { type: 'mobile', value, href: `tel:${value.startsWith('+') ? '+' : ''}${digits}` };
    }
    case 'whatsapp': {
      // wa.me wants the full international number in digits, without + or separators.
      const digits = phoneDigits(value);
      return digits ? { type: 'whatsapp', value, href: `https://wa.me/${digits}` } : null;
    }
    case 'telegram': {
      const name = (TELEGRAM_URL_PATTERN.exec(value)?.[1] ?? value).replace(/^@/, '');
      if (TELEGRAM_NAME_PATTERN.test(name)) return { type: 'telegram', value, href: `https://t.me/${name}` };
      // Telegram also opens a chat by phone number: https://t.me/+<digits>.
      const digits = value.startsWith('+') ? phoneDigits(value) : null;
      return digits ? { type: 'telegram', value, href: `https://t.me/+${digits}` } : null;
    }
    default:
      return null;
  }
}

/** The links of every usable contact, in the server's order. */
export function buildSupportLinks(contacts: readonly SupportContactDto[]): SupportLink[] {
  return contacts.map(buildSupportLink).filter((link): link is SupportLink => link !== null);
}
