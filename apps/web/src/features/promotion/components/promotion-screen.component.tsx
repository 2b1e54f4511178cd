import type { PromotionLevel } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, Tabs, Toast } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';
import { showCompletedDialog, showNoticeDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import { profileQueryKeys } from '../../profile/hooks/profile-query-keys.ts';
import { useProfile } from '../../profile/hooks/use-profile.hook.ts';
import { UpiQrCode } from '../../wallet/components/upi-qr-code.component.tsx';
import {
  applyBonus,
  fetchPromotionInfo,
  parseApplyAmount,
  promotionQueryKeys,
} from '../api/promotion.api.ts';
import styles from './promotion.module.css';

/** Copies text with the Clipboard API and says so. */
async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    Toast.show({ content: done });
  } catch (error) {
    console.error('copy failed', error);
  }
}

/**
 * The promotion home /promotion (spec 02 §2 "Promotion"): the bonus and "apply to balance", the referred
 * players and their bonus per level, the own code and link (copy, the browser's share sheet where it has
 * one, a QR code of the link), and the way to the three records.
 */
export function PromotionScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/mine');
  const formatPrice = useFormatPrice();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [amount, setAmount] = useState('');
  const [level, setLevel] = useState<PromotionLevel>(1);
  const profile = useProfile(true);
  const info = useQuery({
    queryKey: promotionQueryKeys.info,
    queryFn: ({ signal }) => fetchPromotionInfo(api, signal),
  });

  const apply = useMutation({
    mutationFn: (value: string) => applyBonus(api, value),
    onSuccess: async () => {
      setAmount('');
      await showCompletedDialog(t('promo.applySuccess'));
    },
    onError: (error) => showNoticeDialog(errorMessage(error)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: promotionQueryKeys.info }),
        queryClient.invalidateQueries({ queryKey: promotionQueryKeys.transfers }),
        queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile }),
      ]),
  });
  const submit = () => {
    const value = parseApplyAmount(amount);
    if (value !== null && !apply.isPending) apply.mutate(value);
  };

  const link = profile.data?.promotionUrl ?? '';
  const code = profile.data?.referralCode ?? '';
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const levelInfo = info.data?.levels[level];

  return (
    <>
      <ScreenToolbar title={t('promo.title')} onBack={goBack} />
      <div className={styles.page}>
        <section className={styles.card}>
          <div className={styles.profit}>
            <span>{t('promo.bonus')}</span>
            <strong data-testid="promotion-profit">
              {info.data ? formatPrice(info.data.profit) : <DotLoading />}
            </strong>
          </div>
          <label className={styles.field} htmlFor={inputId}>
            <span>{t('promo.applyLabel')}</span>
            <div className={styles.control}>
              <input
                id={inputId}
                className={styles.input}
                inputMode="decimal"
                value={amount}
                placeholder={t('promo.applyPlaceholder')}
                data-testid="promotion-apply-amount"
                onChange={(event) => setAmount(event.target.value)}
              />
            </div>
          </label>
          <Button
            color="primary"
            block
            loading={apply.isPending}
            onClick={submit}
            data-testid="promotion-apply"
          >
            {t('promo.apply')}
          </Button>
        </section>

        <section className={styles.card}>
          <Tabs activeKey={String(level)} onChange={(key) => setLevel(key === '2' ? 2 : 1)}>
            <Tabs.Tab title={t('promo.level', { level: 1 })} key="1" />
            <Tabs.Tab title={t('promo.level', { level: 2 })} key="2" />
          </Tabs>
          <dl className={styles.stats}>
            <dt>{t('promo.users')}</dt>
            <dd data-testid="promotion-level-users">{levelInfo?.users ?? '—'}</dd>
            <dt>{t('promo.contribution')}</dt>
            <dd data-testid="promotion-level-contribution">
              {levelInfo ? formatPrice(levelInfo.contribution) : '—'}
            </dd>
          </dl>
        </section>

        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t('promo.myCode')}</h2>
          <div className={styles.share}>
            <strong data-testid="promotion-code">{code}</strong>
            <span data-testid="promotion-link">{link}</span>
            <div className={styles.buttons}>
              <Button size="small" onClick={() => void copyText(code, t('promo.copied'))}>
                {t('promo.copyCode')}
              </Button>
              <Button
                size="small"
                onClick={() => void copyText(link, t('promo.copied'))}
                data-testid="promotion-copy-link"
              >
                {t('promo.copyLink')}
              </Button>
              {canShare && link ? (
                <Button
                  size="small"
                  onClick={() =>
                    void navigator.share({ title: t('promo.shareTitle'), url: link }).catch(() => undefined)
                  }
                >
                  {t('promo.share')}
                </Button>
              ) : null}
            </div>
            {link ? (
              <div className={styles.qr} data-testid="promotion-qr">
                <UpiQrCode text={link} label={t('promo.qrLabel')} />
              </div>
            ) : null}
          </div>
        </section>

        <nav className={`${styles.card} ${styles.menu}`} aria-label={t('promo.records')}>
          <Link to="/bonusRecord">{t('promo.bonusRecord')}</Link>
          <Link to="/promotionRecord">{t('promo.promotionRecord')}</Link>
          <Link to="/applyToBalanceRecord">{t('promo.applyRecord')}</Link>
        </nav>
      </div>
    </>
  );
}
