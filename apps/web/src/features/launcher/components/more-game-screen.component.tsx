import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog, DotLoading } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { parseQueryId } from '../../../shared/navigation/query-id.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import { profileQueryKeys } from '../../profile/hooks/profile-query-keys.ts';
import { useProfile } from '../../profile/hooks/use-profile.hook.ts';
import styles from '../../promotion/components/promotion.module.css';
import { isBalanceMessage, startGame } from '../api/launcher.api.ts';

/**
 * The launcher /moreGame?id&name (spec 02 "More-game screen"): toolbar with the game's name and the
 * balance, a full-height frame on the one-time launch URL, a spinner while it loads, and an error dialog
 * whose Close goes back. A game on this origin that posts {type: 'exg:balance'} makes the balance reload.
 */
export function MoreGameScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/');
  const [params] = useSearchParams();
  const gameId = parseQueryId(params.get('id'));
  const name = params.get('name') ?? '';
  const queryClient = useQueryClient();
  const formatPrice = useFormatPrice();
  const profile = useProfile(true);
  const [loaded, setLoaded] = useState(false);
  const shown = useRef(false);
  const launch = useQuery({
    queryKey: ['launcher', gameId],
    queryFn: ({ signal }) => {
      if (gameId === null) throw new Error('no game id');
      return startGame(api, gameId, signal);
    },
    // A launch URL opens once: never fetched again behind the player's back.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (!launch.isError || shown.current) return;
    shown.current = true;
    void Dialog.alert({
      title: t('dialog.error'),
      content: errorMessage(launch.error),
      confirmText: t('promo.close'),
    }).then(goBack);
  }, [launch.isError, launch.error, goBack, t]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && isBalanceMessage(event.data)) {
        void queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient]);

  return (
    <>
      <ScreenToolbar
        title={name}
        onBack={goBack}
        right={
          <span data-testid="more-game-balance">{profile.data ? formatPrice(profile.data.balance) : ''}</span>
        }
      />
      <div className={styles.frameWrap}>
        {launch.data ? (
          <iframe
            className={styles.frame}
            src={launch.data}
            title={name}
            data-testid="more-game-frame"
            allow="fullscreen"
            onLoad={() => setLoaded(true)}
          />
        ) : null}
        {!loaded && !launch.isError ? (
          <div className={styles.spinner}>
            <DotLoading color="primary" />
          </div>
        ) : null}
      </div>
    </>
  );
}
