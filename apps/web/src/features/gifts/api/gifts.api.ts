import type {
  GiftEventDto,
  GiftEventListResponse,
  JoinGiftEventResponse,
  ReceiveRedPacketResponse,
} from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';

type UnknownRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is UnknownRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** POST /mana/receive_red_packet: answers the amount received. */
export async function receiveRedPacket(client: ApiClient, code: string, mobile: string): Promise<string> {
  const response = await client.post<ReceiveRedPacketResponse>('/mana/receive_red_packet', {
    packet_code: code.trim(),
    mobile: mobile.trim(),
  });
  return typeof response.price === 'string' ? response.price : '';
}

function toEvent(value: unknown): GiftEventDto | null {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.start_time !== 'number') return null;
  return {
    id: value.id,
    start_time: value.start_time,
    end_time: typeof value.end_time === 'number' ? value.end_time : value.start_time,
    member_available_num: typeof value.member_available_num === 'number' ? value.member_available_num : 0,
    join_recharge: value.join_recharge === true,
    join_relation: value.join_relation === true,
    join_bet: value.join_bet === true,
    completed: value.completed === true,
  };
}

/** Today's rounds, and how far the server's clock is ahead of this device's (0 when it did not say). */
export interface GiftEventList {
  events: GiftEventDto[];
  serverOffsetMs: number;
}

/** GET /user/gift_events: the rounds, with the server's clock read from its server_time at arrival. */
export async function fetchGiftEvents(client: ApiClient, signal?: AbortSignal): Promise<GiftEventList> {
  const response = await client.get<GiftEventListResponse>('/user/gift_events', {}, { signal });
  const events = Array.isArray(response.queryset)
    ? response.queryset.map(toEvent).filter((event): event is GiftEventDto => event !== null)
    : [];
  const serverTime = response.server_time;
  const serverOffsetMs =
    typeof serverTime === 'number' && Number.isFinite(serverTime) ? serverTime - Date.now() : 0;
  return { events, serverOffsetMs };
}

/** POST /user/join_gift_event: answers the amount received. */
export async function joinGiftEvent(client: ApiClient, id: number): Promise<string> {
  const response = await client.post<JoinGiftEventResponse>('/user/join_gift_event', { id });
  return typeof response.price === 'string' ? response.price : '';
}

export const giftQueryKeys = { events: ['gifts', 'events'] as const };
