import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { PagedRows, type RowsPageQuery } from './paged-rows.component.tsx';

function query(overrides: Partial<RowsPageQuery<string>> = {}): RowsPageQuery<string> {
  return { data: undefined, isPending: false, error: null, refetch: vi.fn(), ...overrides };
}

function renderRows(rowsQuery: RowsPageQuery<string>, onPage = vi.fn()) {
  renderWithProviders(
    <PagedRows query={rowsQuery} label="rows" page={1} pageSize={2} onPage={onPage} testId="rows-pager">
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </PagedRows>,
  );
}

describe('PagedRows', () => {
  it('shows the rows and a pager that moves to the next page', () => {
    const onPage = vi.fn();
    renderRows(query({ data: { rows: ['a', 'b'], count: 3 } }), onPage);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['a', 'b']);
    expect(screen.getByTestId('rows-pager-position').textContent).toBe('1 / 2');
    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('shows the empty text and no pager when there are no rows', () => {
    renderRows(query({ data: { rows: [], count: 0 } }));
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.queryByTestId('rows-pager')).toBeNull();
    expect(screen.getByText('No records yet')).toBeTruthy();
  });

  it('offers a retry after a failed first load', () => {
    const refetch = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRows(query({ error: new Error('down'), refetch }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
