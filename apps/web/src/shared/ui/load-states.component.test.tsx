import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { setToken } from '../storage/storage.ts';
import { QueryLoader, SavedItemEditor } from './load-states.component.tsx';

/** The query of an item that loads at once. */
function useItem(id: number) {
  return useQuery({ queryKey: ['item', id], queryFn: async () => `item ${id}` });
}

function Editor({ idParam }: { idParam: string | null }) {
  return (
    <SavedItemEditor
      idParam={idParam}
      notFoundText="No such item"
      failedTestId="item-failed"
      useItem={useItem}
      loadFailedText={(error) => `Failed: ${error.message}`}
      empty="nothing"
      fieldsOf={(item) => item}
      form={(id, initial) =>
        id === null ? (
          <p data-testid="add-form">add {initial}</p>
        ) : (
          <p data-testid="edit-form">
            edit {id}: {initial}
          </p>
        )
      }
    />
  );
}

beforeEach(() => setToken('t1'));
afterEach(() => localStorage.clear());

describe('SavedItemEditor', () => {
  it('adds without an id and edits with one, loaded', async () => {
    const { unmount } = renderWithProviders(<Editor idParam={null} />);
    expect(screen.getByTestId('add-form').textContent).toBe('add nothing');
    unmount();
    renderWithProviders(<Editor idParam="12" />);
    expect((await screen.findByTestId('edit-form')).textContent).toBe('edit 12: item 12');
  });

  it('shows "not found" for a broken id instead of adding', () => {
    renderWithProviders(<Editor idParam="abc" />);
    expect(screen.getByTestId('item-failed').textContent).toBe('No such item');
    expect(screen.queryByTestId('add-form')).toBeNull();
  });

  it('goes to /login without a token', async () => {
    localStorage.clear();
    const { router } = renderWithProviders(<Editor idParam={null} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

function Loader({ load }: { load: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['item'], queryFn: load });
  return (
    <QueryLoader
      query={query}
      failedText={(error) => `Failed: ${error.message}`}
      failedTestId="item-failed"
      stateClassName="state"
    >
      {(item) => <p data-testid="filled-form">{item}</p>}
    </QueryLoader>
  );
}

describe('QueryLoader', () => {
  it('shows a skeleton in the shape of the content while it loads, announced as loading', async () => {
    let finish: (value: string) => void = () => undefined;
    renderWithProviders(<Loader load={() => new Promise<string>((resolve) => (finish = resolve))} />);
    const skeleton = await screen.findByTestId('skeleton');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status', { name: 'Loading' })).toBe(skeleton);
    finish('Asha');
    expect((await screen.findByTestId('filled-form')).textContent).toBe('Asha');
    expect(screen.queryByTestId('skeleton')).toBeNull();
  });

  it('shows the form filled with the loaded item', async () => {
    renderWithProviders(<Loader load={async () => 'Asha'} />);
    expect((await screen.findByTestId('filled-form')).textContent).toBe('Asha');
  });

  it('shows the failure and loads again on Retry', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('Asha');
    renderWithProviders(<Loader load={load} />);
    expect((await screen.findByTestId('item-failed')).textContent).toContain('Failed: down');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('filled-form')).textContent).toBe('Asha');
  });
});
