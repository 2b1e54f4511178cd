import { type ProductDto, parseProductSpec } from '@app/shared';
import { Button, DotLoading, Swiper } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiFailure } from '../../../shared/api/api-errors.ts';
import { confirmDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { getToken } from '../../../shared/storage/storage.ts';
import { useProduct } from '../hooks/use-product.hook.ts';
import { translateShopMessage } from '../rules/shop-message.rule.ts';
import styles from './product-detail.module.css';

/** The HTTP code of a product the server does not know (or no longer sells). */
const NOT_FOUND_CODE = 404;

/** The purchase route of a product (spec 01 §2: /buy?id={id}). */
export function buyPath(productId: number): string {
  return `/buy?id=${productId}`;
}

/** A product's pictures in order (main_image, image2, image3), without the empty ones. */
export function productImages(product: ProductDto): string[] {
  return [product.main_image, product.image2, product.image3].filter((url) => url.trim() !== '');
}

/** Whether a product can be bought: stock above 0 (spec 01 §3, §5). */
export function isBuyable(product: ProductDto): boolean {
  return product.stock > 0;
}

function ProductGallery({ product }: { product: ProductDto }) {
  const { t } = useTranslation();
  const images = productImages(product);
  if (images.length === 0) return <div className={styles.gallery} aria-hidden="true" />;
  return (
    <div className={styles.gallery} data-testid="product-gallery">
      <Swiper loop={images.length > 1}>
        {images.map((url, index) => (
          <Swiper.Item key={url}>
            <img
              className={styles.galleryImage}
              src={url}
              alt={t('item.image', { name: product.name, index: index + 1 })}
              width={600}
              height={600}
              loading={index === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}

/** The specification table: one row per `key=value` pair of the product's spec. */
export function SpecTable({ spec }: { spec: string }) {
  const { t } = useTranslation();
  const rows = useMemo(() => parseProductSpec(spec), [spec]);
  if (rows.length === 0) return null;
  return (
    <section className={styles.specBox}>
      <table className={styles.specTable} data-testid="spec-table">
        <caption>{t('item.specification')}</caption>
        <tbody>
          {rows.map((row, index) => (
            // A spec may repeat a key, so the position is part of the key.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows never reorder.
            <tr key={`${index}-${row.key}`}>
              <th scope="row">{row.key}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function LoadedProduct({ product }: { product: ProductDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatPrice = useFormatPrice();
  const buyable = isBuyable(product);

  // Buying needs a signed-in player (spec 01 §5); the token is read at the tap, after any logout elsewhere.
  // A visitor is told why before the app takes them to the login screen.
  async function buy() {
    if (getToken()) {
      navigate(buyPath(product.id));
      return;
    }
    const goToLogin = await confirmDialog({
      title: t('look.loginToBuy.title'),
      content: t('look.loginToBuy.text'),
      confirmText: t('look.loginToBuy.login'),
      cancelText: t('common.cancel'),
    });
    if (goToLogin) navigate('/login');
  }

  return (
    <div className={styles.page}>
      <ProductGallery product={product} />
      <section className={styles.summary}>
        <h2 className={styles.name} data-testid="product-name">
          {product.name}
        </h2>
        <span className={styles.price} data-testid="product-price">
          {formatPrice(product.price)}
        </span>
      </section>
      <SpecTable spec={product.spec} />
      <div className={styles.buyBar}>
        <Button
          block
          color="primary"
          size="large"
          disabled={!buyable}
          onClick={() => void buy()}
          data-testid="buy-button"
        >
          {buyable ? t('item.buy') : t('home.soldOut')}
        </Button>
      </div>
    </div>
  );
}

/** The product detail screen /item?id (spec 01 §2): pictures, name, price, specification and buy button. */
export function ProductDetail({ productId }: { productId: number | null }) {
  const { t } = useTranslation();
  const product = useProduct(productId);

  if (productId === null) {
    return (
      <div className={styles.state} data-testid="product-missing">
        {t('item.notFound')}
      </div>
    );
  }
  if (product.isPending) {
    return (
      <div className={styles.state}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (product.isError) {
    const failure = isApiFailure(product.error) ? product.error : null;
    const missing = failure?.code === NOT_FOUND_CODE;
    return (
      <div className={styles.state} data-testid={missing ? 'product-missing' : 'product-load-failed'}>
        <p>{missing ? translateShopMessage(failure?.msg || t('item.notFound')) : t('item.loadFailed')}</p>
        {missing ? null : (
          <Button size="small" onClick={() => void product.refetch()} loading={product.isFetching}>
            {t('common.retry')}
          </Button>
        )}
      </div>
    );
  }
  return <LoadedProduct product={product.data} />;
}
