/** How the withdrawal screen's support link reaches the operator (spec 02 "Withdrawal"). */
export type ContactKind = 'whatsapp' | 'phone' | 'email' | 'telegram' | 'web';

const WHATSAPP_HOSTS = new Set(['wa.me', 'api.whatsapp.com', 'whatsapp.com', 'www.whatsapp.com']);
const TELEGRAM_HOSTS = new Set(['t.me', 'telegram.me', 'www.t.me']);

/**
 * What kind of link contact_url is: WhatsApp, phone, e-mail or Telegram (as app links or their web
 * addresses), another web page, or null for anything else (never shown: it could run script).
 */
export function contactKind(url: string): ContactKind | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  switch (parsed.protocol) {
    case 'tel:':
      return 'phone';
    case 'mailto:':
      return 'email';
    case 'whatsapp:':
      return 'whatsapp';
    case 'tg:':
      return 'telegram';
    case 'http:':
    case 'https:':
      if (WHATSAPP_HOSTS.has(parsed.hostname)) return 'whatsapp';
      if (TELEGRAM_HOSTS.has(parsed.hostname)) return 'telegram';
      return 'web';
    default:
      return null;
  }
}
