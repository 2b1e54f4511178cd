import { parseMoneyToMinor, SERIAL_NUMBER_PATTERN } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import { fetchRechargeBySn } from '../api/wallet.api.ts';
import { walletQueryKeys } from '../hooks/wallet-query-keys.ts';
import { copyText } from '../launchers/clipboard.launcher.ts';
import { openAppLink } from '../launchers/gateway-form.launcher.ts';
import {
  isAndroidUserAgent,
  payeeNameFromPayLink,
  UPI_APPS,
  type UpiApp,
  upiAppLink,
} from '../rules/upi-app-links.rule.ts';
import { withTestId } from './dialog-action.ts';
import styles from './wallet.module.css';

/** The payment page where the payer enters the UTR after the transfer. */
export const RECHARGE_PAYMENT_PATH = '/rechargePayment';

/** A manual UPI order: the account to pay, the amount ("500.00") and the recharge's serial number. */
interface ManualOrder {
  upiAccount: string;
  price: string;
  serialNumber: string;
}

/** The order this page shows, read from its query (spec 01 §2: upi_account, price, serial_number). */
function readOrder(search: URLSearchParams): ManualOrder | null {
  const upiAccount = search.get('upi_account')?.trim() ?? '';
  const price = search.get('price')?.trim() ?? '';
  const serialNumber = search.get('serial_number')?.trim() ?? '';
  const complete =
    upiAccount !== '' && parseMoneyToMinor(price).ok && SERIAL_NUMBER_PATTERN.test(serialNumber);
  return complete ? { upiAccount, price, serialNumber } : null;
}

/** The app's own address of a hash route, as a web address another app or Chrome can open. */
function appAddress(path: string): string {
  return new URL(`#${path}`, window.location.href).href;
}

/**
 * The manual UPI recharge page /transferPayment (spec 02 §2 "Payment pages"): the amount, the account to
 * pay with a copy button, and Go Transfer, whose dialog opens Paytm, GooglePay or PhonePe with a upi://pay
 * payment filled in and moves on to /rechargePayment?sn for the UTR. The page's query has no payee name, so
 * it reads the recharge (query_recharge_by_sn, whose upi://pay link names the payee); the apps open without
 * a name until, or unless, that answer is there.
 */
export function TransferPaymentScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const goBack = useGoBack('/recharge');
  const formatPrice = useFormatPrice();
  const { currency } = useMarket();
  const [choosing, setChoosing] = useState(false);
  const order = readOrder(search);
  const serialNumber = order?.serialNumber ?? '';
  // The same query as /rechargePayment, so the page the payer moves on to starts from this answer.
  const recharge = useQuery({
    queryKey: walletQueryKeys.rechargeBySn(serialNumber),
    queryFn: ({ signal }) => fetchRechargeBySn(api, serialNumber, signal),
    enabled: order !== null,
  });

  if (!order) {
    return (
      <>
        <ScreenToolbar title={t('transferPayment.title')} onBack={goBack} />
        <p className={styles.state} data-testid="transfer-payment-incomplete">
          {t('transferPayment.incomplete')}
        </p>
      </>
    );
  }

  const paymentPath = `${RECHARGE_PAYMENT_PATH}?${new URLSearchParams({ sn: order.serialNumber }).toString()}`;

  async function copyAccount(account: string) {
    const copied = await copyText(account);
    Toast.show({ content: copied ? t('transferPayment.copied') : t('transferPayment.copyFailed') });
  }

  function openApp(app: UpiApp, payment: ManualOrder) {
    setChoosing(false);
    const payeeName = recharge.data ? payeeNameFromPayLink(recharge.data.qr_code, payment.upiAccount) : null;
    const link = upiAppLink(
      app,
      {
        upiAccount: payment.upiAccount,
        payeeName,
        price: payment.price,
        currency,
        serialNumber: payment.serialNumber,
      },
      // Without the chosen app Chrome returns to the UTR page, whose "Open UPI app" lets any UPI app pay.
      { android: isAndroidUserAgent(navigator.userAgent), fallbackUrl: appAddress(paymentPath) },
    );
    // Into the app's UTR page first; the UPI app then opens over it and the payer comes back to it.
    navigate(paymentPath);
    openAppLink(link);
  }

  return (
    <>
      <ScreenToolbar title={t('transferPayment.title')} onBack={goBack} />
      <div className={styles.page}>
        <section className={styles.card}>
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>{t('transferPayment.amount')}</dt>
              <dd className={styles.amount} data-testid="transfer-payment-amount">
                {formatPrice(order.price)}
              </dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('transferPayment.account')}</dt>
              <dd>
                <span data-testid="transfer-payment-account">{order.upiAccount}</span>
                <Button
                  size="mini"
                  color="primary"
                  fill="outline"
                  onClick={() => void copyAccount(order.upiAccount)}
                  data-testid="copy-upi-account"
                >
                  {t('transferPayment.copy')}
                </Button>
              </dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('transferPayment.serialNumber')}</dt>
              <dd data-testid="transfer-payment-sn">{order.serialNumber}</dd>
            </div>
          </dl>
          <p className={styles.hint}>{t('transferPayment.hint')}</p>
        </section>
        <Button
          block
          color="primary"
          size="large"
          onClick={() => setChoosing(true)}
          data-testid="go-transfer"
        >
          {t('transferPayment.goTransfer')}
        </Button>
        <Button block size="large" onClick={() => navigate(paymentPath)} data-testid="enter-utr">
          {t('transferPayment.enterUtr')}
        </Button>
      </div>
      <Dialog
        visible={choosing}
        title={t('transferPayment.chooseApp')}
        onClose={() => setChoosing(false)}
        closeOnMaskClick
        actions={[
          ...UPI_APPS.map((app) => withTestId({ key: app.id, text: app.name }, `upi-app-${app.id}`)),
          { key: 'cancel', text: t('common.cancel') },
        ]}
        onAction={(action) => {
          const app = UPI_APPS.find((candidate) => candidate.id === action.key);
          if (app) openApp(app, order);
          else setChoosing(false);
        }}
      />
    </>
  );
}
