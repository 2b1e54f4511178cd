import type { ProductDto } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import styles from './shop-home.module.css';

/** The product detail route (spec 01 §2: /item?id={id}). */
export function productPath(productId: number): string {
  return `/item?id=${productId}`;
}

/** One product tile: image, name, price in the market's currency, and a Sold out badge at zero stock. */
export function ProductCard({ product }: { product: ProductDto }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const soldOut = product.stock <= 0;
  return (
    <Link
      to={productPath(product.id)}
      className={styles.card}
      data-testid="product-card"
      data-product-id={product.id}
    >
      <div className={styles.cardImageBox}>
        {product.main_image ? (
          <img
            className={styles.cardImage}
            src={product.main_image}
            alt=""
            width={600}
            height={600}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        {soldOut ? (
          <span className={styles.soldOut} data-testid="sold-out-badge">
            {t('home.soldOut')}
          </span>
        ) : null}
      </div>
      <div className={styles.cardBody}>
        <span className={styles.cardName}>{product.name}</span>
        <span className={styles.cardPrice} data-testid="product-price">
          {formatPrice(product.price)}
        </span>
      </div>
    </Link>
  );
}
