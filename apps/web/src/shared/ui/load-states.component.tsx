import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { parseQueryId } from '../navigation/query-id.ts';
import { getToken, StorageKey } from '../storage/storage.ts';
import { useStoredValue } from '../storage/use-stored-value.hook.ts';
import listStyles from './saved-list.module.css';
import { SkeletonScreen } from './skeleton.component.tsx';

export interface QueryLoaderProps<T> {
  query: UseQueryResult<T>;
  /** The text of a failed load. */
  failedText: (error: Error) => string;
  failedTestId: string;
  /** The look of the loading and failure states (each screen has its own height). */
  stateClassName: string | undefined;
  children: (data: T) => ReactNode;
}

/** Loads what a screen shows: a spinner, then the children with the data, or the failure with a retry. */
export function QueryLoader<T>({
  query,
  failedText,
  failedTestId,
  stateClassName,
  children,
}: QueryLoaderProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return <SkeletonScreen cards={2} />;
  }
  if (query.isError) {
    return (
      <div className={stateClassName} data-testid={failedTestId}>
        <p>{failedText(query.error)}</p>
        <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return children(query.data);
}

export interface SavedItemEditorProps<Item, Fields> {
  /** The route's `id` query: absent to add an item, the item's id to edit it. */
  idParam: string | null;
  /** Shown for an `id` that is no id at all. */
  notFoundText: string;
  /** The test id of the "not found" and "could not load" states. */
  failedTestId: string;
  /** The query of the item with this id. */
  useItem: (id: number) => UseQueryResult<Item>;
  /** The text of a failed load of the item. */
  loadFailedText: (error: Error) => string;
  /** What the form starts from when it adds an item. */
  empty: Fields;
  /** What the form starts from when it edits the loaded item. */
  fieldsOf: (item: Item) => Fields;
  /** The form: `id` is null when it adds an item. */
  form: (id: number | null, initial: Fields) => ReactNode;
}

/** Editing: loads the item, then shows the form filled with it. */
function EditExistingItem<Item, Fields>({
  id,
  failedTestId,
  useItem,
  loadFailedText,
  fieldsOf,
  form,
}: Omit<SavedItemEditorProps<Item, Fields>, 'idParam' | 'notFoundText' | 'empty'> & { id: number }) {
  const item = useItem(id);
  return (
    <QueryLoader
      query={item}
      failedText={loadFailedText}
      failedTestId={failedTestId}
      stateClassName={listStyles.state}
    >
      {(loaded) => form(id, fieldsOf(loaded))}
    </QueryLoader>
  );
}

/**
 * The add or edit screen of a saved item (an address, a bank card): without a token it goes to /login,
 * without an `id` it adds, a broken `id` shows "not found" rather than silently adding a new item, and an
 * `id` loads the item before the form shows it.
 */
export function SavedItemEditor<Item, Fields>({
  idParam,
  notFoundText,
  empty,
  ...edit
}: SavedItemEditorProps<Item, Fields>) {
  const token = useStoredValue(StorageKey.token, getToken);
  if (!token) return <Navigate to="/login" replace />;
  if (idParam === null) return edit.form(null, empty);
  const id = parseQueryId(idParam);
  if (id === null) {
    return (
      <p className={listStyles.state} data-testid={edit.failedTestId}>
        {notFoundText}
      </p>
    );
  }
  return <EditExistingItem {...edit} id={id} />;
}
