import { ApprovalMessage } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type DrawerProps, Form, Input } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { QueueBadges } from '../app/queue-badges.component.tsx';
import { badgeCount, renderInConsole } from '../test/console-harness.tsx';
import { apiCall } from './api-client.ts';
import { message, notice } from './feedback.ts';
import { FormDrawerButton } from './form-drawer-button.component.tsx';

vi.mock('./api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api-client.ts')>()),
  apiCall: vi.fn(),
}));
vi.mock('./feedback.ts', () => ({
  message: { success: vi.fn(), error: vi.fn() },
  notice: { info: vi.fn() },
}));

const drawer = vi.hoisted(() => ({ closing: false }));
// In a browser a closed drawer keeps its content through the close animation; jsdom has no animations and
// destroys it at once. A test that sets `closing` gets a drawer that keeps its content once closed, as a
// browser's does until the animation ends.
vi.mock('antd', async (importOriginal) => {
  const antd = await importOriginal<typeof import('antd')>();
  function Drawer(props: DrawerProps) {
    if (!drawer.closing) return <antd.Drawer {...props} />;
    return <div hidden={!props.open}>{props.children}</div>;
  }
  return { ...antd, Drawer };
});

const schema = z.object({ name: z.string().min(3, 'Name is too short'), key: z.string().optional() });

function renderButton(onSaved = vi.fn(), reasonField?: { extra: string }) {
  renderInConsole(
    <FormDrawerButton<{ name: string; key?: string }>
      label="Edit"
      buttonTestId="edit"
      title="Channel"
      width={420}
      initialValues={{ name: 'Razorpay' }}
      schema={schema}
      invalidMessage="Invalid channel"
      method="PUT"
      path="/admin/api/things/1"
      savedMessage={(values) => `${values.name} saved`}
      {...(reasonField ? { reasonField } : {})}
      onSaved={onSaved}
    >
      <Form.Item label="Name" name="name">
        <Input />
      </Form.Item>
      <Form.Item label="Key" name="key">
        <Input.Password />
      </Form.Item>
    </FormDrawerButton>,
  );
  fireEvent.click(screen.getByTestId('edit'));
  return onSaved;
}

describe('FormDrawerButton', () => {
  beforeEach(() => {
    vi.mocked(apiCall).mockReset();
    vi.mocked(message.success).mockReset();
    vi.mocked(message.error).mockReset();
    vi.mocked(notice.info).mockReset();
    drawer.closing = false;
  });

  it('sends the form, says so, and lets go of a typed key at once rather than when the drawer is gone', async () => {
    vi.mocked(apiCall).mockResolvedValue({});
    drawer.closing = true;
    const onSaved = renderButton();
    fireEvent.change(screen.getByLabelText('Key'), { target: { value: 'rzp_secret_123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(apiCall).toHaveBeenCalledWith('PUT', '/admin/api/things/1', {
      name: 'Razorpay',
      key: 'rzp_secret_123',
    });
    expect(message.success).toHaveBeenCalledWith('Razorpay saved');
    await waitFor(() => expect(screen.getByLabelText('Key')).toHaveProperty('value', ''));
    expect(document.body.innerHTML).not.toContain('rzp_secret_123');
  });

  it('says what the schema refuses and sends nothing', async () => {
    renderButton();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(message.error).toHaveBeenCalledWith('Name is too short'));
    expect(apiCall).not.toHaveBeenCalled();
  });

  it('keeps the form open with what was typed when the server refuses it', async () => {
    vi.mocked(apiCall).mockRejectedValue(new Error('Key refused'));
    const onSaved = renderButton();
    fireEvent.change(screen.getByLabelText('Key'), { target: { value: 'rzp_secret_456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(message.error).toHaveBeenCalledWith('Key refused'));
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Key')).toHaveProperty('value', 'rzp_secret_456');
  });

  it('starts every opening from the initial values, not from what was typed before', async () => {
    renderButton();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByLabelText('Name')).toBeNull());
    fireEvent.click(screen.getByTestId('edit'));
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Razorpay');
  });

  it('says a 202 answer was sent for approval with a link to the request, not "saved", and the badge counts it', async () => {
    const request = { id: 12, summary: 'Provider acme: new signing secret', status: 'pending' };
    let pending = 0;
    vi.mocked(apiCall).mockImplementation(async (method, path) => {
      if (path === '/admin/api/queues') return { code: 200, queues: [] } as never;
      if (path.startsWith('/admin/api/alerts'))
        return { code: 200, page: { count: 0 }, queryset: [] } as never;
      if (path.startsWith('/admin/api/approvals')) {
        return { code: 200, page: { count: pending }, queryset: pending ? [request] : [] } as never;
      }
      expect([method, path]).toEqual(['PUT', '/admin/api/things/1']);
      pending = 1;
      return { code: 202, msg: ApprovalMessage.requested, request } as never;
    });
    const onSaved = vi.fn();
    renderInConsole(
      <>
        <QueueBadges />
        <FormDrawerButton<{ name: string }>
          label="Edit"
          buttonTestId="edit"
          title="Provider"
          width={420}
          initialValues={{ name: 'Razorpay' }}
          schema={schema}
          invalidMessage="Invalid"
          method="PUT"
          path="/admin/api/things/1"
          savedMessage="Provider saved"
          onSaved={onSaved}
        >
          <Form.Item label="Name" name="name">
            <Input />
          </Form.Item>
        </FormDrawerButton>
      </>,
    );
    await waitFor(() => expect(badgeCount('queue-approvals')).toBe('0'));
    fireEvent.click(screen.getByTestId('edit'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(notice.info).toHaveBeenCalledTimes(1));
    expect(message.success).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledTimes(1);
    const [title, description] = vi.mocked(notice.info).mock.calls[0] ?? [];
    expect(title).toBe(ApprovalMessage.requested);
    renderInConsole(<div data-testid="notice">{description}</div>);
    const link = within(screen.getByTestId('notice')).getByRole('link');
    expect(link.getAttribute('href')).toBe('#/approvals/12');
    expect(link.textContent).toBe('Request #12: Provider acme: new signing secret');
    // The header's badge was asked again at once, not at its next poll.
    await waitFor(() => expect(badgeCount('queue-approvals')).toBe('1'));
  });

  it('sends the reason of a form that asks for one only when it is given', async () => {
    vi.mocked(apiCall).mockResolvedValue({ code: 200 });
    renderButton(vi.fn(), { extra: 'Needed above the maximum' });
    expect(screen.getByText('Needed above the maximum')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(apiCall).toHaveBeenCalledWith('PUT', '/admin/api/things/1', { name: 'Razorpay' }),
    );

    fireEvent.click(screen.getByTestId('edit'));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  VIP campaign ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(apiCall).toHaveBeenCalledWith('PUT', '/admin/api/things/1', {
        name: 'Razorpay',
        reason: 'VIP campaign',
      }),
    );
  });
});
