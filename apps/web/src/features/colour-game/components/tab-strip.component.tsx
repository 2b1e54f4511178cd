import styles from './colour-game.module.css';

export interface TabStripItem<K extends string> {
  key: K;
  title: string;
}

export interface TabStripProps<K extends string> {
  items: readonly TabStripItem<K>[];
  active: K;
  onChange: (key: K) => void;
  label: string;
  testId: string;
}

/**
 * A row of tabs (the category tabs and Rd.2 to Rd.7). A few buttons rather than antd-mobile's Tabs: its
 * scrolling and animation machinery is shared with the home screen's code and would split the home's
 * first load into more chunks.
 */
export function TabStrip<K extends string>({ items, active, onChange, label, testId }: TabStripProps<K>) {
  return (
    <div className={styles.tabs} role="tablist" aria-label={label} data-testid={testId}>
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={item.key === active}
          className={`${styles.tab} ${item.key === active ? styles.tabActive : ''}`}
          onClick={() => onChange(item.key)}
          data-testid={`${testId}-${item.key}`}
        >
          {item.title}
        </button>
      ))}
    </div>
  );
}
