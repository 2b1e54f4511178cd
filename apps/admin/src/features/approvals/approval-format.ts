import type { ApprovalKind, ApprovalRequestDto, ApprovalStatus } from '@app/shared';

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_HOURS = 24;
/** Up to this many hours a duration is said in hours and minutes, beyond it in days and hours. */
const HOURS_SAID_AS_HOURS = 48;

/** What each kind of request asks for, as the queue names it. */
export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  'gift_code.create': 'Gift code',
  'player.adjust': 'Player balance',
  'setting.change': 'Setting change',
  'game_provider.save': 'Game provider',
  'payment_channel.change': 'Payment channel',
  'operator.create': 'New operator',
  'operator.change': 'Operator change',
};

/** The queue's name of a status ("cancelled" is a request its maker withdrew). */
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  refused: 'Refused',
  expired: 'Expired',
  cancelled: 'Withdrawn',
};

export const APPROVAL_STATUS_COLOURS: Record<ApprovalStatus, string> = {
  pending: 'gold',
  approved: 'green',
  refused: 'red',
  expired: 'default',
  cancelled: 'default',
};

/** The kind of a request as the queue shows it; a balance change says whether it is HRE or HREC. */
export function kindLabel(request: Pick<ApprovalRequestDto, 'kind' | 'details'>): string {
  if (request.kind === 'player.adjust') {
    return request.details.direction === 'debit' ? 'Recharge cancel (HREC)' : 'Hand recharge (HRE)';
  }
  return APPROVAL_KIND_LABELS[request.kind] ?? request.kind;
}

/** A duration as a person says it: "less than a minute", "25 min", "3 h 5 min", "2 d 4 h". */
export function durationText(ms: number): string {
  const minutes = Math.floor(Math.max(ms, 0) / MINUTE_MS);
  if (minutes < 1) return 'less than a minute';
  if (minutes < HOUR_MINUTES) return `${minutes} min`;
  const hours = Math.floor(minutes / HOUR_MINUTES);
  if (hours < HOURS_SAID_AS_HOURS) {
    return minutes % HOUR_MINUTES === 0 ? `${hours} h` : `${hours} h ${minutes % HOUR_MINUTES} min`;
  }
  return `${Math.floor(hours / DAY_HOURS)} d ${hours % DAY_HOURS} h`;
}

/** How long ago something happened ("just now" for a time not yet passed on this machine's clock). */
export function ageText(at: number, now: number): string {
  return at >= now - MINUTE_MS ? 'just now' : `${durationText(now - at)} ago`;
}

/** When a pending request expires, from now. */
export function expiryText(expiresAt: number, now: number): string {
  return expiresAt <= now ? 'expired' : `in ${durationText(expiresAt - now)}`;
}

/** A time in the operator's local time. */
export function timeText(at: number | null): string {
  return at === null ? '' : new Date(at).toLocaleString();
}

/** A value of a request's details or result as text (objects as JSON). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'number' && value > 1_000_000_000_000 && value < 10_000_000_000_000) {
    return new Date(value).toLocaleString();
  }
  return String(value);
}

/** The roles that may approve a request: those it names, and owner, who always may. */
export function approverText(request: Pick<ApprovalRequestDto, 'approver_roles'>): string {
  return [...request.approver_roles, 'owner'].join(', ');
}
