import { ApprovalMessage } from '@app/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall } from '../../shared/api-client.ts';
import { message, notice } from '../../shared/feedback.ts';
import { identityOf, renderInConsole } from '../../test/console-harness.tsx';
import { PlayerAdjustmentButton } from './player-adjustment-form.component.tsx';

vi.mock('../../shared/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/api-client.ts')>()),
  apiCall: vi.fn(),
}));
vi.mock('../../shared/feedback.ts', () => ({
  message: { success: vi.fn(), error: vi.fn() },
  notice: { info: vi.fn() },
}));

function openForm() {
  renderInConsole(
    <PlayerAdjustmentButton userId={5} balance="1200.00" />,
    identityOf('support-ann', 'support'),
  );
  fireEvent.click(screen.getByTestId('player-adjustment'));
}

describe('Hand recharge / Recharge cancel form', () => {
  beforeEach(() => {
    vi.mocked(apiCall).mockReset();
    vi.mocked(message.success).mockReset();
    vi.mocked(message.error).mockReset();
    vi.mocked(notice.info).mockReset();
  });

  it('asks for a recharge cancel and says it was sent for approval, with a link to the request', async () => {
    const request = { id: 44, summary: 'Recharge cancel (HREC) of 250.50 for user 5 (+919700000005)' };
    vi.mocked(apiCall).mockResolvedValue({ code: 202, msg: ApprovalMessage.requested, request });
    openForm();
    expect(screen.getByText(/Balance now: 1200.00/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Recharge cancel (HREC): take money back'));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '250.50' } });
    fireEvent.change(screen.getByLabelText('Reason'), {
      target: { value: 'UPI payment reversed by the bank' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));

    await waitFor(() => expect(notice.info).toHaveBeenCalledTimes(1));
    expect(apiCall).toHaveBeenCalledWith('POST', '/admin/api/users/5/adjustments', {
      direction: 'debit',
      amount: '250.50',
      reason: 'UPI payment reversed by the bank',
    });
    const [title, description] = vi.mocked(notice.info).mock.calls[0] ?? [];
    expect(title).toBe(ApprovalMessage.requested);
    expect((description as { props: { href: string } }).props.href).toBe('#/approvals/44');
    expect(message.success).not.toHaveBeenCalled();
  });

  it('says what is wrong with the amount before sending anything', async () => {
    openForm();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '10.505' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'payment outside the gateway' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));

    await waitFor(() => expect(message.error).toHaveBeenCalledWith('amount must have at most 2 decimals'));
    expect(apiCall).not.toHaveBeenCalled();
  });
});
