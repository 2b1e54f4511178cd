import { ApprovalMessage, type OperatorAlertDto } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueueBadges } from '../../app/queue-badges.component.tsx';
import { apiCall } from '../../shared/api-client.ts';
import { message } from '../../shared/feedback.ts';
import { badgeCount, fakeServer, identityOf, renderInConsole } from '../../test/console-harness.tsx';
import { AlertsPage } from './alerts.page.tsx';

vi.mock('../../shared/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/api-client.ts')>()),
  apiCall: vi.fn(),
}));
vi.mock('../../shared/feedback.ts', () => ({
  message: { success: vi.fn(), error: vi.fn() },
  notice: { info: vi.fn() },
}));

const capAlert: OperatorAlertDto = {
  id: 3,
  kind: 'provider_payout_cap',
  severity: 'critical',
  summary: 'Provider acme paid out more than its daily cap',
  details: { provider: 'acme', net_payout: '250000.00', cap: '200000.00' },
  created_at: Date.now() - 5 * 60_000,
  acknowledged_by: null,
  acknowledged_at: null,
  note: null,
};

/** The alert list on the fake server: open until acknowledged, then in the acknowledged list. */
function alertServer() {
  let alert = capAlert;
  const inState = (state: string | null) =>
    state === 'all' || (state === 'open') === (alert.acknowledged_by === null) ? [alert] : [];
  return fakeServer({
    'GET /admin/api/queues': () => ({ code: 200, queues: [] }),
    'GET /admin/api/approvals': () => ({ code: 200, page: { count: 0 }, queryset: [] }),
    'GET /admin/api/alerts': (_body, query) => {
      const rows = inState(query.get('state'));
      return { code: 200, page: { count: rows.length }, queryset: rows };
    },
    'POST /admin/api/alerts/3/acknowledge': (body) => {
      alert = {
        ...alert,
        acknowledged_by: 'finance-cat',
        acknowledged_at: Date.now(),
        note: (body as { reason: string }).reason,
      };
      return { code: 200, msg: ApprovalMessage.alertAcknowledged, entry: alert };
    },
  });
}

describe('Alerts page', () => {
  beforeEach(() => {
    vi.mocked(apiCall).mockReset();
    vi.mocked(message.success).mockReset();
    vi.mocked(message.error).mockReset();
  });

  it('lists an open alert with its details, acknowledges it with a note, and the badge counts it no more', async () => {
    vi.mocked(apiCall).mockImplementation(alertServer());
    renderInConsole(
      <>
        <QueueBadges />
        <AlertsPage />
      </>,
      identityOf('finance-cat', 'finance'),
    );

    const open = await screen.findByTestId('alerts-open');
    await waitFor(() => expect(open.textContent).toContain('Provider acme paid out more than its daily cap'));
    expect(open.textContent).toContain('critical');
    expect(open.textContent).toContain('net_payout: 250000.00');
    expect(open.textContent).toContain('5 min ago');
    await waitFor(() => expect(badgeCount('queue-alerts')).toBe('1'));

    fireEvent.click(screen.getByTestId('acknowledge-3'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Note'), {
      target: { value: 'Provider confirmed a jackpot; cap raised tomorrow' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));

    await waitFor(() => expect(message.success).toHaveBeenCalledWith(ApprovalMessage.alertAcknowledged));
    expect(apiCall).toHaveBeenCalledWith('POST', '/admin/api/alerts/3/acknowledge', {
      reason: 'Provider confirmed a jackpot; cap raised tomorrow',
    });
    await waitFor(() => expect(screen.getByText('No open alerts')).toBeTruthy());
    await waitFor(() => expect(badgeCount('queue-alerts')).toBe('0'));

    fireEvent.click(screen.getByRole('tab', { name: 'Acknowledged' }));
    const acknowledged = await screen.findByTestId('alerts-acknowledged');
    await waitFor(() => expect(acknowledged.textContent).toContain('Provider confirmed a jackpot'));
    expect(acknowledged.textContent).toContain('finance-cat');
  });

  it('offers no Acknowledge to a role that may not acknowledge', async () => {
    vi.mocked(apiCall).mockImplementation(alertServer());
    renderInConsole(<AlertsPage />, identityOf('content-cy', 'content'));

    const open = await screen.findByTestId('alerts-open');
    await waitFor(() => expect(open.textContent).toContain('Provider acme paid out'));
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });
});
