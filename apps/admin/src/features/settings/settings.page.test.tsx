import { ApprovalMessage } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall } from '../../shared/api-client.ts';
import { message, notice } from '../../shared/feedback.ts';
import { fakeServer, identityOf, renderInConsole } from '../../test/console-harness.tsx';
import { SettingsPage } from './settings.page.tsx';

vi.mock('../../shared/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/api-client.ts')>()),
  apiCall: vi.fn(),
}));
vi.mock('../../shared/feedback.ts', () => ({
  message: { success: vi.fn(), error: vi.fn() },
  notice: { info: vi.fn() },
}));

const THRESHOLD = 'withdrawal.four_eyes_threshold_minor';

/** Two settings on the fake server: a money control, and a plain one; a change of the control waits. */
function settingsServer() {
  const pending: Array<Record<string, unknown>> = [];
  let notice = 'Welcome';
  return fakeServer({
    'GET /admin/api/settings': () => ({
      code: 200,
      definitions: [
        {
          key: THRESHOLD,
          value: 1_000_000,
          default: 1_000_000,
          schema: { type: 'integer' },
          role: 'finance',
          control: true,
        },
        {
          key: 'app.download_url',
          value: notice,
          default: '',
          schema: { type: 'string' },
          role: 'content',
          control: false,
        },
      ],
    }),
    'GET /admin/api/approvals': () => ({ code: 200, page: { count: pending.length }, queryset: pending }),
    [`PUT /admin/api/settings/${THRESHOLD}`]: (body) => {
      const request = {
        id: 31,
        kind: 'setting.change',
        summary: `Setting ${THRESHOLD}: 1000000 → 0`,
        details: { key: THRESHOLD, previous: 1_000_000, value: (body as { value: number }).value },
        status: 'pending',
      };
      pending.push(request);
      return { code: 202, msg: ApprovalMessage.requested, request };
    },
    'PUT /admin/api/settings/app.download_url': (body) => {
      notice = (body as { value: string }).value;
      return { code: 200, key: 'app.download_url', value: notice };
    },
  });
}

describe('Settings page', () => {
  beforeEach(() => {
    vi.mocked(apiCall).mockReset();
    vi.mocked(message.success).mockReset();
    vi.mocked(notice.info).mockReset();
  });

  it('marks a money control, asks for a reason to change it, and says the change waits for approval', async () => {
    vi.mocked(apiCall).mockImplementation(settingsServer());
    renderInConsole(<SettingsPage />, identityOf('finance-cat', 'finance'));

    expect(await screen.findByTestId(`control-${THRESHOLD}`)).toBeTruthy();
    expect(screen.queryByTestId('control-app.download_url')).toBeNull();
    const row = screen.getByTestId(`control-${THRESHOLD}`).closest('tr');
    if (!row) throw new Error('the control has no row');
    fireEvent.change(within(row).getByRole('spinbutton'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId(`save-${THRESHOLD}`));

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('This setting is a money control');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'weekend payouts' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(notice.info).toHaveBeenCalledTimes(1));
    expect(vi.mocked(notice.info).mock.calls[0]?.[0]).toBe(ApprovalMessage.requested);
    expect(message.success).not.toHaveBeenCalled();
    expect(apiCall).toHaveBeenCalledWith('PUT', `/admin/api/settings/${THRESHOLD}`, {
      value: 0,
      reason: 'weekend payouts',
    });
    // The row says a change waits, with a link to its request; the value shown is still the current one.
    const waiting = await screen.findByText(/Request #31 waits for approval: 0/);
    expect(waiting.closest('a')?.getAttribute('href')).toBe('#/approvals/31');
    await waitFor(() => expect(within(row).getByRole('spinbutton')).toHaveProperty('value', '1000000'));
  });

  it('saves a setting that is no control at once, without asking for a reason', async () => {
    vi.mocked(apiCall).mockImplementation(settingsServer());
    renderInConsole(<SettingsPage />, identityOf('content-cy', 'content'));

    const save = await screen.findByTestId('save-app.download_url');
    const row = save.closest('tr');
    if (!row) throw new Error('the setting has no row');
    fireEvent.change(within(row).getByRole('textbox'), { target: { value: 'https://example.com/app' } });
    fireEvent.click(save);

    await waitFor(() => expect(message.success).toHaveBeenCalledWith('app.download_url saved'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(notice.info).not.toHaveBeenCalled();
    expect(apiCall).toHaveBeenCalledWith('PUT', '/admin/api/settings/app.download_url', {
      value: 'https://example.com/app',
    });
  });
});
