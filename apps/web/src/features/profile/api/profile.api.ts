import {
  type MessageResponse,
  type NotificationDto,
  type NotificationResponse,
  type ProfileResponse,
  SUPPORT_TYPES,
  type SupportContactDto,
  type SupportType,
} from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';
import { ApiNetworkError } from '../../../shared/api/api-errors.ts';

/** What the profile screen shows, read from GET /user/profile. */
export interface Profile {
  userId: number;
  mobile: string;
  nickName: string;
  /** Decimal string with two decimals, as on the wire ("1234.50"). */
  balance: string;
  referralCode: string;
  isEarly: boolean;
  /** is_transfer_enable 1 (spec 01 §3: "1 means enabled"). */
  transferEnabled: boolean;
  eventGiftEnabled: boolean;
  promotionUrl: string;
  supports: SupportContactDto[];
  /** The Android package address without its version; empty hides the download bar. */
  androidAppPrefix: string;
}

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isSupportType(value: unknown): value is SupportType {
  return typeof value === 'string' && (SUPPORT_TYPES as readonly string[]).includes(value);
}

function toSupport(value: unknown): SupportContactDto | null {
  if (!isRecord(value) || !isSupportType(value.type) || typeof value.value !== 'string') return null;
  return { type: value.type, value: value.value };
}

/** Reads GET /user/profile; an answer without its entry is treated as unreadable rather than shown half. */
export function parseProfile(response: ProfileResponse): Profile {
  const entry: unknown = response.entry;
  if (!isRecord(entry) || typeof entry.user_id !== 'number') throw new ApiNetworkError('bad_response');
  const supports: unknown = response.supports;
  return {
    userId: entry.user_id,
    mobile: text(entry.mobile),
    nickName: text(entry.nick_name),
    balance: text(entry.balance),
    referralCode: text(entry.r_code),
    isEarly: response.is_early === true,
    transferEnabled: Number(response.is_transfer_enable) === 1,
    eventGiftEnabled: response.event_gift_enable === true,
    promotionUrl: text(response.promotion_url),
    supports: Array.isArray(supports)
      ? supports.map(toSupport).filter((contact): contact is SupportContactDto => contact !== null)
      : [],
    androidAppPrefix: text(response.android_app_prefix),
  };
}

/** GET /user/profile. */
export async function fetchProfile(client: ApiClient, signal?: AbortSignal): Promise<Profile> {
  return parseProfile(await client.get<ProfileResponse>('/user/profile', undefined, { signal }));
}

/** POST /user/change_nick_name; resolves with the server's message. */
export async function changeNickName(client: ApiClient, nickName: string): Promise<string> {
  const response = await client.post<MessageResponse>('/user/change_nick_name', { nick_name: nickName });
  return response.msg;
}

/** POST /user/logout: the server revokes the token at once. */
export async function logout(client: ApiClient): Promise<void> {
  await client.post<MessageResponse>('/user/logout', {});
}

/** GET /user/notification: a credited recharge to report to the native wrapper, or null. */
export async function fetchNotification(client: ApiClient): Promise<NotificationDto | null> {
  const response = await client.get<NotificationResponse>('/user/notification');
  const notify: unknown = response.notify;
  if (!isRecord(notify) || typeof notify.price !== 'string') return null;
  if (notify.type !== 'first_recharge' && notify.type !== 'recharge') return null;
  return { type: notify.type, price: notify.price };
}
