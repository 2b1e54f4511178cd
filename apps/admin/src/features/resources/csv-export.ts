import { apiCall, queryString } from '../../shared/api-client.ts';
import type { ResourceDefinition } from './resource-definition.ts';

/** CSV export stops after this many rows (100 pages of the largest page size). */
export const MAX_EXPORT_ROWS = 10_000;
const EXPORT_PAGE_SIZE = 100;

function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  // Quote every cell; a leading = + - @ is defused so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** Fetches every page of a list with its filters and downloads it as CSV. */
export async function exportCsv(
  definition: ResourceDefinition,
  filters: Record<string, string>,
): Promise<number> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; rows.length < MAX_EXPORT_ROWS; page += 1) {
    const body = await apiCall<{ page?: { count: number }; queryset?: Record<string, unknown>[] }>(
      'GET',
      `${definition.path}${queryString({ ...filters, p: page, p_size: EXPORT_PAGE_SIZE })}`,
    );
    const batch = body.queryset ?? [];
    rows.push(...batch);
    if (batch.length < EXPORT_PAGE_SIZE || rows.length >= (body.page?.count ?? 0)) break;
  }
  const lines = [
    definition.columns.map((column) => csvCell(column.title)).join(','),
    ...rows.map((row) => definition.columns.map((column) => csvCell(row[column.key])).join(',')),
  ];
  const blob = new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `${definition.name}-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
  return rows.length;
}
