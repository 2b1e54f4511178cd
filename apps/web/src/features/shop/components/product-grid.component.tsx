import type { ProductDto } from '@app/shared';
import { ProductCard } from './product-card.component.tsx';
import styles from './shop-home.module.css';

/** Products in two columns (home and search screens). */
export function ProductGrid({ products }: { products: readonly ProductDto[] }) {
  return (
    <ul className={styles.grid} data-testid="product-grid">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
