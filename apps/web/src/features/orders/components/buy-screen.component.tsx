import { type AddressDto, formatMoney, type ProductDto, parseMoneyToMinor } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading } from 'antd-mobile';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { useErrorAlert, useHideErrorAlert } from '../../../shared/dialogs/error-alert.context.tsx';
import { showCompletedDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { NativeEvent, trackNativeEvent } from '../../../shared/native/native-bridge.ts';
import { getToken, StorageKey } from '../../../shared/storage/storage.ts';
import { useStoredValue } from '../../../shared/storage/use-stored-value.hook.ts';
import { QueryLoader } from '../../../shared/ui/load-states.component.tsx';
import {
  AddressSummary,
  editAddressPath,
} from '../../addresses/components/address-list-screen.component.tsx';
import { useAddresses } from '../../addresses/hooks/use-addresses.hook.ts';
import { PasswordField } from '../../auth/components/password-field.component.tsx';
import { profileQueryKeys } from '../../profile/hooks/profile-query-keys.ts';
import { useProfile } from '../../profile/hooks/use-profile.hook.ts';
import { isBuyable } from '../../shop/components/product-detail.component.tsx';
import { shopQueryKeys } from '../../shop/hooks/shop-query-keys.ts';
import { useProduct } from '../../shop/hooks/use-product.hook.ts';
import { shopErrorText } from '../../shop/rules/shop-message.rule.ts';
import { BalanceRow } from '../../wallet/components/balance-row.component.tsx';
import { buyProduct, toOrder } from '../api/orders.api.ts';
import { orderQueryKeys } from '../hooks/order-query-keys.ts';
import { type BuyErrors, isBuyValid, validateBuy } from '../rules/buy-validation.rule.ts';
import styles from './orders.module.css';

/** Where a successful purchase leads: the new order waits under Undelivered. */
export const AFTER_BUY_PATH = '/orderList?status=undelivered';

/**
 * The balance the purchase is paid from and, when it is short of the price, by how much with a Recharge link
 * (the recharge screen comes back here with Back).
 */
function BalanceCheck({ price }: { price: string }) {
  const { t } = useTranslation();
  const { code: market } = useMarket();
  const profile = useProfile(true);
  const balance = profile.data?.balance;
  const balanceMinor = parseMoneyToMinor(balance ?? '');
  const priceMinor = parseMoneyToMinor(price);
  const shortMinor =
    balanceMinor.ok && priceMinor.ok && balanceMinor.amountMinor < priceMinor.amountMinor
      ? priceMinor.amountMinor - balanceMinor.amountMinor
      : null;
  return (
    <section className={styles.card} data-testid="buy-balance">
      <BalanceRow balance={balance} />
      {shortMinor !== null ? (
        <div className={styles.shortNote} data-testid="buy-balance-short">
          <span>{t('look.balanceShort', { amount: formatMoney(shortMinor, market) })}</span>
          <Link to="/recharge" className={styles.rechargeLink} data-testid="buy-recharge-link">
            {t('look.recharge')}
          </Link>
        </div>
      ) : null}
    </section>
  );
}

function ProductSummary({ product }: { product: ProductDto }) {
  const formatPrice = useFormatPrice();
  return (
    <section className={`${styles.card} ${styles.product}`} data-testid="buy-product">
      {product.main_image ? (
        <img className={styles.productImage} src={product.main_image} alt="" width={64} height={64} />
      ) : (
        <span className={styles.productImage} aria-hidden="true" />
      )}
      <div className={styles.productText}>
        <span className={styles.productName}>{product.name}</span>
        <span className={styles.price}>{formatPrice(product.price)}</span>
      </div>
    </section>
  );
}

interface AddressPickerProps {
  name: string;
  selectedId: number | null;
  onSelect: (id: number) => void;
  error?: string;
}

/** The player's addresses as radio buttons, with the link to add one (it comes back here after saving). */
function AddressPicker({ name, selectedId, onSelect, error }: AddressPickerProps) {
  const { t } = useTranslation();
  const addresses = useAddresses();
  const titleId = `${name}-title`;
  const errorId = `${name}-error`;

  let body: ReactNode;
  if (addresses.isPending) {
    body = <DotLoading color="primary" />;
  } else if (addresses.isError) {
    body = (
      <div className={styles.actions}>
        <p className={styles.muted}>{t('addresses.loadFailed')}</p>
        <Button size="mini" onClick={() => void addresses.refetch()} loading={addresses.isFetching}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (addresses.data.length === 0) {
    body = <p className={styles.muted}>{t('buy.noAddress')}</p>;
  } else {
    body = (
      <fieldset
        className={styles.addressOptions}
        aria-labelledby={titleId}
        aria-describedby={error ? errorId : undefined}
      >
        {addresses.data.map((address: AddressDto) => (
          <label key={address.id} className={styles.addressOption} data-testid="address-option">
            <input
              type="radio"
              name={name}
              value={address.id}
              checked={address.id === selectedId}
              onChange={() => onSelect(address.id)}
            />
            <AddressSummary address={address} />
          </label>
        ))}
      </fieldset>
    );
  }

  return (
    <section className={styles.card}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('buy.address')}
      </h2>
      {body}
      {error ? (
        <p id={errorId} className={styles.error} data-testid="address-error">
          {error}
        </p>
      ) : null}
      {addresses.isSuccess ? (
        <Link to={editAddressPath()} className={styles.addLink}>
          {t('buy.addAddress')}
        </Link>
      ) : null}
    </section>
  );
}

/** The first address (the newest) is chosen until the player picks another that still exists. */
function useSelectedAddress(): [number | null, (id: number) => void] {
  const addresses = useAddresses();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const list = addresses.data ?? [];
  const chosen = list.find((address) => address.id === chosenId) ?? list[0];
  return [chosen?.id ?? null, setChosenId];
}

function BuyForm({ product }: { product: ProductDto }) {
  const { t } = useTranslation();
  const formId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showError = useErrorAlert();
  const hideError = useHideErrorAlert();
  const market = useMarket();
  const [password, setPassword] = useState('');
  const [addressId, setAddressId] = useSelectedAddress();
  const [errors, setErrors] = useState<BuyErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const buyable = isBuyable(product);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found = validateBuy({ password, addressId });
    setErrors(found);
    if (!isBuyValid(found) || addressId === null) return;

    // The last refusal speaks of the last attempt, not of this one.
    hideError();
    setSubmitting(true);
    try {
      const response = await buyProduct(api, { productId: product.id, addressId, password });
      const order = toOrder(response.entry);
      trackNativeEvent(NativeEvent.purchase, {
        product_id: product.id,
        order_id: order?.id ?? 0,
        price: order?.price ?? product.price,
        currency: market.currency,
      });
      // The balance, the stock and the order lists all changed.
      void queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile });
      void queryClient.invalidateQueries({ queryKey: orderQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: shopQueryKeys.product(product.id) });
      void queryClient.invalidateQueries({ queryKey: shopQueryKeys.allProducts });
      await showCompletedDialog(t('shopMessages.buySucceeded'));
      navigate(AFTER_BUY_PATH, { replace: true });
    } catch (error) {
      showError(shopErrorText(error));
      // A purchase refused for stock may mean the product sold out meanwhile: show the stock as it is now.
      void queryClient.invalidateQueries({ queryKey: shopQueryKeys.product(product.id) });
      setSubmitting(false);
    }
  }

  return (
    <form className={styles.page} onSubmit={submit} noValidate aria-label={t('buy.title')}>
      <ProductSummary product={product} />
      <BalanceCheck price={product.price} />
      <AddressPicker
        name={`${formId}-address`}
        selectedId={addressId}
        onSelect={(id) => {
          setAddressId(id);
          setErrors((current) => ({ ...current, address: undefined }));
        }}
        error={errors.address ? t(errors.address) : undefined}
      />
      <section className={styles.card}>
        <PasswordField
          id={`${formId}-password`}
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
          error={errors.password ? t(errors.password) : undefined}
        />
        <p className={styles.muted}>{t('buy.passwordHint')}</p>
      </section>
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        disabled={!buyable}
        loading={submitting}
        data-testid="buy-submit"
      >
        {buyable ? t('buy.submit') : t('home.soldOut')}
      </Button>
    </form>
  );
}

function SignedInBuy({ productId }: { productId: number | null }) {
  const { t } = useTranslation();
  const product = useProduct(productId);
  if (productId === null) {
    return (
      <p className={styles.state} data-testid="product-missing">
        {t('item.notFound')}
      </p>
    );
  }
  return (
    <QueryLoader
      query={product}
      failedText={shopErrorText}
      failedTestId="product-load-failed"
      stateClassName={styles.state}
    >
      {(loaded) => <BuyForm product={loaded} />}
    </QueryLoader>
  );
}

/** The purchase screen /buy?id (spec 01 §2, §5): address, login password, buy; without a token, /login. */
export function BuyScreen({ productId }: { productId: number | null }) {
  const token = useStoredValue(StorageKey.token, getToken);
  if (!token) return <Navigate to="/login" replace />;
  return <SignedInBuy productId={productId} />;
}
