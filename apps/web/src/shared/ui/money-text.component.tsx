import { useFormatPrice } from '../money/use-format-price.hook.ts';
import styles from './brand.module.css';

/** A wire amount ("721900.00") shown in the market's grouping and symbol, in even-width digits. */
export function MoneyText({
  price,
  testId,
  className,
}: {
  price: string;
  testId?: string;
  className?: string;
}) {
  const formatPrice = useFormatPrice();
  return (
    <span className={`${styles.money} ${className ?? ''}`} data-testid={testId}>
      {formatPrice(price)}
    </span>
  );
}
