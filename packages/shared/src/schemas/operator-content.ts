import { z } from 'zod';
import { SUPPORT_TYPES, type SupportType } from './accounts.ts';
import { isMalformedText } from './text-field.ts';

/** The home carousel shows at most this many banners (spec 01 §9: image1 to image5). */
export const MAX_HOME_BANNERS = 5;
/** The support group of /mine lists at most this many contacts. */
export const MAX_SUPPORT_CONTACTS = 20;
export const BANNER_IMAGE_MAX_LENGTH = 500;
export const NOTICE_MAX_LENGTH = 5000;
export const SUPPORT_CONTACT_MAX_LENGTH = 200;

/**
 * A banner image: a path on this server (/media/…, one leading slash, as an upload answers) or an https
 * address; nothing that could break out of an attribute or reach another host through `//`.
 */
const BANNER_IMAGE_PATTERN = /^(\/(?![/\\])|https:\/\/)[^\s"'<>\\]+$/;

/** One banner of the home carousel, by its image address. */
export const bannerImageField = z
  .string({ error: 'image must be text' })
  .trim()
  .min(1, 'image is required')
  .max(BANNER_IMAGE_MAX_LENGTH, `image must be at most ${BANNER_IMAGE_MAX_LENGTH} characters`)
  .regex(BANNER_IMAGE_PATTERN, 'image must be a path starting with / or an https address');

/** PUT /admin/api/content/banners: the carousel's images in the order shown (an empty list shows none). */
export const adminBannersBody = z.object({
  banners: z
    .array(bannerImageField, { error: 'banners must be a list' })
    .max(MAX_HOME_BANNERS, `banners must have at most ${MAX_HOME_BANNERS} images`),
});
export type AdminBannersBody = z.output<typeof adminBannersBody>;

/** Notice text: several lines allowed (the popup keeps line breaks), no malformed characters. */
const noticeField = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .max(NOTICE_MAX_LENGTH, `${field} must be at most ${NOTICE_MAX_LENGTH} characters`)
    .refine(
      (text) => !isMalformedText(text),
      `${field} must be valid text (it contains malformed characters)`,
    )
    .refine(
      // Line breaks and tabs are how a notice is laid out; any other control character is not text.
      (text) => !/[^\P{Cc}\n\r\t]/u.test(text),
      `${field} must not contain control characters`,
    )
    .transform((text) => text.trim());

/**
 * PUT /admin/api/content/notices: the home notice (the `notice` of GET /shop/home_top, shown once a day)
 * and the colour game's notice banner (notice_content of GET /win/next_period_info); '' shows none.
 */
export const adminNoticesBody = z.object({
  home_notice: noticeField('home_notice'),
  colour_notice: noticeField('colour_notice'),
});
export type AdminNoticesBody = z.output<typeof adminNoticesBody>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TELEGRAM_NAME_PATTERN = /^[A-Za-z0-9_]{5,32}$/;
const TELEGRAM_URL_PATTERN = /^(?:https?:\/\/)?(?:t\.me|telegram\.me)\/([^/?#]+)\/?$/i;
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const PHONE_DIGITS_MIN = 5;
const PHONE_DIGITS_MAX = 15;

function isPhoneNumber(value: string): boolean {
  if (!PHONE_PATTERN.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX;
}

/**
 * Whether a support contact's value can be opened as its type (the player app links email to mailto:,
 * mobile to tel:, WhatsApp to wa.me/<digits>, Telegram to t.me/<name>); answers what it must be, or null.
 */
export function supportContactProblem(type: SupportType, value: string): string | null {
  switch (type) {
    case 'email':
      return EMAIL_PATTERN.test(value) ? null : 'must be an email address';
    case 'mobile':
    case 'whatsapp':
      return isPhoneNumber(value) ? null : 'must be a phone number with 5 to 15 digits (+91 98765 43210)';
    case 'telegram': {
      const name = (TELEGRAM_URL_PATTERN.exec(value)?.[1] ?? value).replace(/^@/, '');
      if (TELEGRAM_NAME_PATTERN.test(name)) return null;
      if (value.startsWith('+') && isPhoneNumber(value)) return null;
      return 'must be a Telegram @name, a t.me link or a +phone number';
    }
    default:
      return 'has an unknown type';
  }
}

/** One support contact of /mine: its type and a value valid for that type. */
export const supportContactField = z
  .object({
    type: z.enum(SUPPORT_TYPES, { error: `type must be one of ${SUPPORT_TYPES.join(', ')}` }),
    value: z
      .string({ error: 'value must be text' })
      .trim()
      .min(1, 'value is required')
      .max(SUPPORT_CONTACT_MAX_LENGTH, `value must be at most ${SUPPORT_CONTACT_MAX_LENGTH} characters`),
  })
  .superRefine((contact, ctx) => {
    const problem = supportContactProblem(contact.type, contact.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  });

/** PUT /admin/api/content/support-contacts: the support group of /mine in the order shown. */
export const adminSupportContactsBody = z.object({
  contacts: z
    .array(supportContactField, { error: 'contacts must be a list' })
    .max(MAX_SUPPORT_CONTACTS, `contacts must have at most ${MAX_SUPPORT_CONTACTS} entries`),
});
export type AdminSupportContactsBody = z.output<typeof adminSupportContactsBody>;

/** GET /admin/api/content: what the content forms edit, as the player app reads it. */
export interface AdminContentResponse {
  code: 200;
  banners: string[];
  home_notice: string;
  colour_notice: string;
  contacts: Array<{ type: SupportType; value: string }>;
}

/** The image types an upload may be (no SVG: it can carry scripts). */
export const MEDIA_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type MediaUploadType = (typeof MEDIA_UPLOAD_TYPES)[number];
/** The largest image an operator may upload, in bytes. */
export const MEDIA_UPLOAD_MAX_BYTES = 1024 * 1024;

/** POST /admin/api/media: an image as base64 (the console reads the chosen file). */
export const adminMediaUploadBody = z.object({
  content_type: z.enum(MEDIA_UPLOAD_TYPES, {
    error: `content_type must be one of ${MEDIA_UPLOAD_TYPES.join(', ')}`,
  }),
  data_base64: z
    .string({ error: 'data_base64 must be text' })
    .min(1, 'data_base64 is required')
    .max(
      Math.ceil(MEDIA_UPLOAD_MAX_BYTES / 3) * 4,
      `data_base64 must be at most ${MEDIA_UPLOAD_MAX_BYTES} bytes`,
    )
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'data_base64 must be base64'),
});
export type AdminMediaUploadBody = z.output<typeof adminMediaUploadBody>;

/** GET /media/uploads/:name: 32 hex characters of the image's SHA-256 and its extension. */
export const mediaUploadParams = z.object({
  name: z.string().regex(/^[0-9a-f]{32}\.(png|jpg|webp)$/, 'name must be the name an upload answered'),
});

/** The answer of an upload: the address to put in a banner or a product. */
export interface AdminMediaUploadResponse {
  code: 200;
  url: string;
}
