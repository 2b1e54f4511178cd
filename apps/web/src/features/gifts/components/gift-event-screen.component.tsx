import type { GiftEventDto } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { showCompletedDialog, showFailDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import { profileQueryKeys } from '../../profile/hooks/profile-query-keys.ts';
import styles from '../../promotion/components/promotion.module.css';
import { fetchGiftEvents, giftQueryKeys, joinGiftEvent } from '../api/gifts.api.ts';
import { useServerNow } from '../hooks/use-server-now.hook.ts';
import { giftErrorText } from '../rules/gift-message.rule.ts';
import { giftRoundState, nextGiftRoundOpening } from '../rules/gift-round.rule.ts';

/** HH:mm of an instant in the market's time zone (the rounds are market times, DESIGN.md §6). */
function useMarketClock(): (at: number) => string {
  const { timeZone } = useMarket();
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (at) => format.format(at);
}

/**
 * The gift events page /giftEvent (spec 01 §2, §4): today's three rounds with time, receive limit and
 * requirements; a completed round is greyed; tapping an open one shows its details with Open Gift. Which
 * round is open follows the server's clock (its server_time), not the phone's; a round not yet open says
 * when it opens, and so does the line of the next round (tomorrow's first once today's have all begun).
 */
export function GiftEventScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/mine');
  const clock = useMarketClock();
  const formatPrice = useFormatPrice();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<GiftEventDto | null>(null);
  const events = useQuery({
    queryKey: giftQueryKeys.events,
    queryFn: ({ signal }) => fetchGiftEvents(api, signal),
  });
  const open = useMutation({
    mutationFn: (id: number) => joinGiftEvent(api, id),
    onSuccess: (price) => showCompletedDialog(`${t('promo.congratulations')} ${formatPrice(price)}`),
    onError: (error) => showFailDialog(giftErrorText(error)),
    onSettled: () => {
      setSelected(null);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: giftQueryKeys.events }),
        queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile }),
      ]);
    },
  });
  const now = useServerNow(events.data?.serverOffsetMs ?? 0);
  const rounds = events.data?.events ?? [];
  const next = nextGiftRoundOpening(rounds, now);
  const requirements = (event: GiftEventDto) =>
    [
      event.join_recharge ? t('promo.requireRecharge') : null,
      event.join_relation ? t('promo.requireRelation') : null,
      event.join_bet ? t('promo.requireBet') : null,
    ]
      .filter(Boolean)
      .join(', ') || t('promo.requireNone');
  return (
    <>
      <ScreenToolbar
        title={t('promo.giftEventTitle')}
        onBack={goBack}
        right={
          <Button
            size="mini"
            fill="none"
            onClick={() => void events.refetch()}
            data-testid="gift-events-refresh"
          >
            {t('common.retry')}
          </Button>
        }
      />
      <div className={styles.page}>
        <p className={styles.card}>{t('promo.giftEventRules')}</p>
        {next ? (
          <p className={styles.card} data-testid="gift-event-next">
            {t(next.tomorrow ? 'promo.nextRoundTomorrow' : 'promo.nextRound', { time: clock(next.at) })}
          </p>
        ) : null}
        {events.isPending ? (
          <DotLoading />
        ) : (
          <table className={`${styles.card} ${styles.table}`} data-testid="gift-events">
            <thead>
              <tr>
                <th>{t('promo.time')}</th>
                <th>{t('promo.available')}</th>
                <th>{t('promo.requirements')}</th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((event) => {
                const state = giftRoundState(event, now);
                const isOpen = state === 'open';
                return (
                  <tr
                    key={event.id}
                    className={state === 'completed' ? styles.completed : undefined}
                    data-testid="gift-event-row"
                    data-open={isOpen}
                    data-state={state}
                    onClick={() => {
                      if (isOpen) setSelected(event);
                    }}
                  >
                    <td>
                      {clock(event.start_time)}-{clock(event.end_time)}
                      <div data-testid="gift-event-status">
                        {state === 'upcoming'
                          ? t('promo.roundOpensAt', { time: clock(event.start_time) })
                          : t(state === 'open' ? 'promo.roundOpen' : 'promo.roundCompleted')}
                      </div>
                    </td>
                    <td>{event.member_available_num}</td>
                    <td>{requirements(event)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {selected ? (
          <section className={styles.card} data-testid="gift-event-details">
            <h2 className={styles.sectionTitle}>
              {clock(selected.start_time)}-{clock(selected.end_time)}
            </h2>
            <p>
              {t('promo.available')}: {selected.member_available_num}
            </p>
            <p>
              {t('promo.requirements')}: {requirements(selected)}
            </p>
            <Button
              color="primary"
              block
              disabled={open.isPending}
              data-testid="gift-event-open"
              onClick={() => open.mutate(selected.id)}
            >
              {t('promo.openGift')}
            </Button>
          </section>
        ) : null}
      </div>
    </>
  );
}
