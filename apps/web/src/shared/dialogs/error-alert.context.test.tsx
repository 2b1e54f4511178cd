import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { api } from '../api/api.ts';
import { ERROR_ALERT_MS, ErrorAlertProvider, useErrorAlert } from './error-alert.context.tsx';

function Trigger({ message }: { message: string }) {
  const showError = useErrorAlert();
  return (
    <button type="button" onClick={() => showError(message)}>
      trigger
    </button>
  );
}

function renderAlert(message = 'Password is wrong') {
  return render(
    <I18nextProvider i18n={i18n}>
      <ErrorAlertProvider>
        <Trigger message={message} />
      </ErrorAlertProvider>
    </I18nextProvider>,
  );
}

describe('error alert', () => {
  it('goes when a later action succeeds, and stays after a read or a refusal', async () => {
    const answers = [
      { code: 200, queryset: [] },
      { code: 400, msg: 'Sold out' },
      { code: 200, msg: 'Address saved' },
    ];
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answers.shift())));
    try {
      renderAlert('Insufficient balance');
      fireEvent.click(screen.getByText('trigger'));
      expect(screen.getByRole('alert').textContent).toContain('Insufficient balance');
      await act(() => api.get('/user/addresses'));
      await act(() => api.post('/user/buy', {}).catch(() => undefined));
      expect(screen.queryByRole('alert')).not.toBeNull();
      await act(() => api.post('/user/edit_address', {}));
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('hides after 8 seconds, as the spec says', () => {
    expect(ERROR_ALERT_MS).toBe(8000);
    vi.useFakeTimers();
    renderAlert();
    fireEvent.click(screen.getByText('trigger'));
    expect(screen.getByRole('alert').textContent).toContain('Password is wrong');
    act(() => vi.advanceTimersByTime(ERROR_ALERT_MS - 1));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives a repeated message its full time again', () => {
    vi.useFakeTimers();
    renderAlert();
    fireEvent.click(screen.getByText('trigger'));
    act(() => vi.advanceTimersByTime(6000));
    fireEvent.click(screen.getByText('trigger'));
    act(() => vi.advanceTimersByTime(6000));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('can be dismissed at once', () => {
    renderAlert();
    fireEvent.click(screen.getByText('trigger'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the generic error text for an empty message', () => {
    renderAlert('  ');
    fireEvent.click(screen.getByText('trigger'));
    expect(screen.getByRole('alert').textContent).toContain('An error occurred, please try again later.');
  });
});
