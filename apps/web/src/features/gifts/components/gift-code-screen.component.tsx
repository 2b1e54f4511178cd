import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { showCompletedDialog, showFailDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import { profileQueryKeys } from '../../profile/hooks/profile-query-keys.ts';
import styles from '../../promotion/components/promotion.module.css';
import { receiveRedPacket } from '../api/gifts.api.ts';
import { giftErrorText } from '../rules/gift-message.rule.ts';

/**
 * The gift code page /rp (spec 02 §2, §5): the code (query c prefills it) and the player's own mobile
 * number (the market prefix is filled in when the empty field gets focus).
 */
export function GiftCodeScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/mine');
  const [params] = useSearchParams();
  const { mobilePrefix } = useMarket();
  const formatPrice = useFormatPrice();
  const queryClient = useQueryClient();
  const codeId = useId();
  const mobileId = useId();
  const [code, setCode] = useState(params.get('c') ?? '');
  const [mobile, setMobile] = useState('');
  const redeem = useMutation({
    mutationFn: () => receiveRedPacket(api, code, mobile),
    onSuccess: async (price) => {
      await queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile });
      await showCompletedDialog(`${t('promo.redeemSuccess')} ${formatPrice(price)}`);
    },
    onError: (error) => showFailDialog(giftErrorText(error)),
  });
  return (
    <>
      <ScreenToolbar title={t('promo.giftCodeTitle')} onBack={goBack} />
      <div className={styles.page}>
        <section className={styles.card}>
          <label className={styles.field} htmlFor={codeId}>
            <span>{t('promo.giftCode')}</span>
            <div className={styles.control}>
              <input
                id={codeId}
                className={styles.input}
                value={code}
                data-testid="gift-code-input"
                onChange={(event) => setCode(event.target.value)}
              />
            </div>
          </label>
          <label className={styles.field} htmlFor={mobileId}>
            <span>{t('promo.mobile')}</span>
            <div className={styles.control}>
              <input
                id={mobileId}
                className={styles.input}
                inputMode="tel"
                value={mobile}
                data-testid="gift-mobile-input"
                onFocus={() => {
                  if (mobile === '') setMobile(mobilePrefix);
                }}
                onChange={(event) => setMobile(event.target.value)}
              />
            </div>
          </label>
          <Button
            color="primary"
            block
            loading={redeem.isPending}
            data-testid="gift-redeem"
            onClick={() => {
              if (!redeem.isPending) redeem.mutate();
            }}
          >
            {t('promo.redeem')}
          </Button>
        </section>
      </div>
    </>
  );
}
