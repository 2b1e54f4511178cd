import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { FeedFooter, type FeedPages } from './feed-footer.component.tsx';

function pages(overrides: Partial<FeedPages> = {}): FeedPages {
  return {
    isPending: false,
    isError: false,
    isSuccess: true,
    isFetching: false,
    isFetchNextPageError: false,
    hasNextPage: false,
    refetch: vi.fn(),
    loadMore: vi.fn(async () => {}),
    ...overrides,
  };
}

function renderFooter(feed: FeedPages, empty: boolean) {
  renderWithProviders(
    <FeedFooter
      pages={feed}
      empty={empty}
      failedText="Failed to load."
      emptyText="Nothing yet"
      noMoreText="No more"
      testId="feed-status"
      statusClassName="status"
    />,
  );
}

describe('FeedFooter', () => {
  it('shows loading while the first page loads', () => {
    renderFooter(pages({ isPending: true, isSuccess: false }), true);
    expect(screen.getByTestId('feed-status').textContent).toContain('Loading');
  });

  it('offers a retry when the first page failed', () => {
    const feed = pages({ isError: true, isSuccess: false });
    renderFooter(feed, true);
    expect(screen.getByTestId('feed-status').textContent).toContain('Failed to load.');
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(feed.refetch).toHaveBeenCalledOnce();
  });

  it('says the list is empty, or that there is no more, once everything is loaded', async () => {
    renderFooter(pages(), true);
    expect((await screen.findByTestId('feed-status')).textContent).toBe('Nothing yet');
  });

  it('says there is no more under loaded rows', async () => {
    renderFooter(pages(), false);
    expect((await screen.findByTestId('feed-status')).textContent).toBe('No more');
  });
});
