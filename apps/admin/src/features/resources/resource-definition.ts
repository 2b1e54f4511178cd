import type { OperatorRole } from '@app/shared';
import type { ReactNode } from 'react';

/** One column: the field it shows and, if the raw value is not enough, how to draw it. */
export interface ResourceColumn<Row> {
  key: string;
  title: string;
  render?: (row: Row) => ReactNode;
}

/** A filter the server takes as a query parameter of the same name. */
export interface ResourceFilter {
  key: string;
  label: string;
  options?: ReadonlyArray<{ label: string; value: string }>;
  initial?: string;
}

/**
 * Everything a list page needs: adding a queue or a resource to the console is one of these (and its menu
 * entry in resources.ts). Lists are paged on the server; CSV export walks every page.
 */
export interface ResourceDefinition<Row = Record<string, unknown>> {
  name: string;
  title: string;
  /** The list's API path. */
  path: string;
  rowKey: string;
  columns: ReadonlyArray<ResourceColumn<Row>>;
  filters?: readonly ResourceFilter[];
  /** The buttons of a row; `refresh` reloads the list after an action. */
  actions?: (row: Row, refresh: () => void) => ReactNode;
  /** Buttons above the list (such as "New product"). */
  toolbar?: (refresh: () => void) => ReactNode;
  /** The queue whose count the menu shows (a key of GET /admin/api/queues). */
  queueKey?: string;
  /** Roles that see the menu entry (owner and auditor always do). */
  roles: readonly OperatorRole[];
}

/** Keeps a definition's row type while storing definitions together. */
export function defineResource<Row>(
  definition: ResourceDefinition<Row>,
): ResourceDefinition<Record<string, unknown>> {
  return definition as unknown as ResourceDefinition<Record<string, unknown>>;
}
