import { ApprovalMessage, type ApprovalRequestDto } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiCall } from '../../shared/api-client.ts';
import { message } from '../../shared/feedback.ts';
import { fakeServer, identityOf, renderInConsole } from '../../test/console-harness.tsx';
import { ApprovalsPage } from './approvals.page.tsx';

vi.mock('../../shared/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/api-client.ts')>()),
  apiCall: vi.fn(),
}));
vi.mock('../../shared/feedback.ts', () => ({
  message: { success: vi.fn(), error: vi.fn() },
  notice: { info: vi.fn() },
}));

const HOUR_MS = 60 * 60_000;

function giftRequest(overrides: Partial<ApprovalRequestDto> = {}): ApprovalRequestDto {
  const createdAt = Date.now() - 2 * HOUR_MS;
  return {
    id: 7,
    kind: 'gift_code.create',
    summary: 'Gift code SPRING: 100000.00 in 10 packets',
    amount: '100000.00',
    user_id: null,
    details: { code: 'SPRING', total: '100000.00', count: 10 },
    requested_by: 'support-ann',
    requested_by_role: 'support',
    reason: 'VIP campaign',
    status: 'pending',
    approver_roles: ['finance'],
    decided_by: null,
    decision_reason: null,
    decided_at: null,
    result: null,
    created_at: createdAt,
    expires_at: createdAt + 24 * HOUR_MS,
    may_decide: true,
    ...overrides,
  };
}

/**
 * A queue on the fake server: lists answer what is pending now; a decision takes the request out of it and
 * answers what `decide` answers (or throws), by default the server's answer of a done decision.
 */
function queueServer(requests: ApprovalRequestDto[], decide?: (id: number, verb: string) => unknown) {
  const pending = [...requests];
  const routes: Record<string, (body: unknown, query: URLSearchParams) => unknown> = {
    'GET /admin/api/approvals': (_body, query) => {
      const rows = query.get('status') === 'pending' ? pending : [];
      return { code: 200, page: { count: rows.length }, queryset: rows };
    },
  };
  for (const request of requests) {
    for (const verb of ['approve', 'refuse', 'cancel']) {
      routes[`POST /admin/api/approvals/${request.id}/${verb}`] = () => {
        pending.splice(
          pending.findIndex((row) => row.id === request.id),
          1,
        );
        if (decide) return decide(request.id, verb);
        return {
          code: 200,
          msg: verb === 'approve' ? ApprovalMessage.approved : ApprovalMessage.refused,
          entry: { ...request, status: verb === 'approve' ? 'approved' : 'refused' },
        };
      };
    }
  }
  return routes;
}

async function decideInDialog(button: string, reason: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
}

describe('Requests page', () => {
  beforeEach(() => {
    vi.mocked(apiCall).mockReset();
    vi.mocked(message.success).mockReset();
    vi.mocked(message.error).mockReset();
  });

  it('lists what waits with who asked and why, and approves it with a reason, then refreshes the queue', async () => {
    vi.mocked(apiCall).mockImplementation(fakeServer(queueServer([giftRequest()])));
    renderInConsole(<ApprovalsPage />, identityOf('finance-cat', 'finance'));

    const row = (await screen.findByText('Gift code SPRING: 100000.00 in 10 packets')).closest('tr');
    if (!row) throw new Error('the request has no row');
    expect(row.textContent).toContain('100000.00');
    expect(row.textContent).toContain('support-ann');
    expect(row.textContent).toContain('VIP campaign');
    expect(row.textContent).toContain('2 h ago');
    expect(row.textContent).toMatch(/in 21 h 5\d min/);
    expect(apiCall).toHaveBeenCalledWith('GET', '/admin/api/approvals?p=1&p_size=20&status=pending');

    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await decideInDialog('Approve', 'campaign budget confirmed');

    await waitFor(() => expect(message.success).toHaveBeenCalledWith(ApprovalMessage.approved));
    expect(apiCall).toHaveBeenCalledWith('POST', '/admin/api/approvals/7/approve', {
      reason: 'campaign budget confirmed',
    });
    // The queue was asked again and the approved request left it.
    await waitFor(() => expect(screen.queryByText('Gift code SPRING: 100000.00 in 10 packets')).toBeNull());
    expect(screen.getByText('Nothing waits for an approval')).toBeTruthy();
  });

  it('refuses with a reason, and sends nothing without one', async () => {
    vi.mocked(apiCall).mockImplementation(fakeServer(queueServer([giftRequest()])));
    renderInConsole(<ApprovalsPage />, identityOf('finance-cat', 'finance'));

    fireEvent.click(await screen.findByTestId('refuse-7'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Refuse' }).hasAttribute('disabled')).toBe(true);
    await decideInDialog('Refuse', 'no budget this month');

    await waitFor(() => expect(message.success).toHaveBeenCalledWith(ApprovalMessage.refused));
    expect(apiCall).toHaveBeenCalledWith('POST', '/admin/api/approvals/7/refuse', {
      reason: 'no budget this month',
    });
  });

  it('offers its maker Withdraw, never Approve or Refuse', async () => {
    vi.mocked(apiCall).mockImplementation(
      fakeServer(
        queueServer([giftRequest({ may_decide: false })], () => ({
          code: 200,
          msg: ApprovalMessage.cancelled,
          entry: giftRequest({ status: 'cancelled', may_decide: false }),
        })),
      ),
    );
    renderInConsole(<ApprovalsPage />, identityOf('support-ann', 'support'));

    expect(await screen.findByTestId('own-request-7')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refuse' })).toBeNull();
    fireEvent.click(screen.getByTestId('withdraw-7'));
    await decideInDialog('Withdraw', 'asked for the wrong total');

    await waitFor(() => expect(message.success).toHaveBeenCalledWith(ApprovalMessage.cancelled));
    expect(apiCall).toHaveBeenCalledWith('POST', '/admin/api/approvals/7/cancel', {
      reason: 'asked for the wrong total',
    });
    await waitFor(() => expect(screen.getByText('Nothing waits for an approval')).toBeTruthy());
  });

  it('says who may approve when the operator may not, and offers nothing', async () => {
    vi.mocked(apiCall).mockImplementation(fakeServer(queueServer([giftRequest({ may_decide: false })])));
    renderInConsole(<ApprovalsPage />, identityOf('support-bob', 'support'));

    expect(await screen.findByText('Approved by finance, owner')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('says why the server refused a decision and refreshes the queue', async () => {
    vi.mocked(apiCall).mockImplementation(
      fakeServer(
        queueServer([giftRequest()], () => {
          throw new ApiError(409, ApprovalMessage.notPending);
        }),
      ),
    );
    renderInConsole(<ApprovalsPage />, identityOf('finance-dan', 'finance'));

    fireEvent.click(await screen.findByTestId('approve-7'));
    await decideInDialog('Approve', 'looks fine');

    await waitFor(() => expect(message.error).toHaveBeenCalledWith(ApprovalMessage.notPending));
    expect(message.success).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText('Nothing waits for an approval')).toBeTruthy());
  });

  it('shows the decided ones in their tab', async () => {
    const approved = giftRequest({
      status: 'approved',
      may_decide: false,
      decided_by: 'finance-cat',
      decision_reason: 'budget confirmed',
      decided_at: Date.now(),
    });
    vi.mocked(apiCall).mockImplementation(
      fakeServer({
        'GET /admin/api/approvals': (_body, query) => {
          const rows = query.get('status') === 'approved' ? [approved] : [];
          return { code: 200, page: { count: rows.length }, queryset: rows };
        },
      }),
    );
    renderInConsole(<ApprovalsPage />, identityOf('finance-cat', 'finance'));

    await screen.findByText('Nothing waits for an approval');
    fireEvent.click(screen.getByRole('tab', { name: 'Approved' }));
    const table = await screen.findByTestId('approvals-approved');
    await waitFor(() => expect(table.textContent).toContain('budget confirmed'));
    expect(table.textContent).toContain('finance-cat');
    expect(within(table).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(apiCall).toHaveBeenCalledWith('GET', '/admin/api/approvals?p=1&p_size=20&status=approved');
  });
});
