import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type DrawerProps, Form, Input } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiCall } from './api-client.ts';
import { message } from './feedback.ts';
import { FormDrawerButton } from './form-drawer-button.component.tsx';

vi.mock('./api-client.ts', () => ({ apiCall: vi.fn() }));
vi.mock('./feedback.ts', () => ({ message: { success: vi.fn(), error: vi.fn() } }));

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

function renderButton(onSaved = vi.fn()) {
  render(
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
});
