import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './edit-delete-sheet.module.css';

interface EditDeleteSheetProps<Item> {
  /** The item the sheet is open for; null keeps it closed. */
  item: Item | null;
  /** The sheet's accessible name, which is also the label of the info button that opens it. */
  label: string;
  /** One line that says which item the actions apply to. */
  describe: (item: Item) => string;
  editText: string;
  deleteText: string;
  testId: string;
  onClose: () => void;
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
}

/**
 * The bottom sheet of one saved item (an address, a bank card): edit, delete, cancel, as spec 01 §2 "Bank
 * card list and address list" describes for both lists.
 */
export function EditDeleteSheet<Item>({
  item,
  label,
  describe,
  editText,
  deleteText,
  testId,
  onClose,
  onEdit,
  onDelete,
}: EditDeleteSheetProps<Item>) {
  const { t } = useTranslation();
  return (
    <Popup visible={item !== null} onMaskClick={onClose} onClose={onClose} destroyOnClose>
      {item !== null ? (
        <section className={styles.sheet} aria-label={label} data-testid={testId}>
          <h2 className={styles.sheetTitle}>{describe(item)}</h2>
          <button type="button" className={styles.sheetButton} onClick={() => onEdit(item)}>
            {editText}
          </button>
          <button
            type="button"
            className={`${styles.sheetButton} ${styles.sheetDanger}`}
            onClick={() => onDelete(item)}
          >
            {deleteText}
          </button>
          <button type="button" className={`${styles.sheetButton} ${styles.sheetCancel}`} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </section>
      ) : null}
    </Popup>
  );
}
