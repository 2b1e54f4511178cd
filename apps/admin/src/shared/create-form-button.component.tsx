import { Button, Drawer, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import type { ZodType } from 'zod';
import { apiCall } from './api-client.ts';
import { message } from './feedback.ts';

/** One field of a create form. */
export interface CreateFormField {
  name: string;
  label: string;
  kind?: 'text' | 'secret' | 'number';
  required?: boolean;
}

interface CreateFormButtonProps {
  label: string;
  /** The schema the server parses the body with: the form says what is wrong before sending. */
  schema: ZodType;
  path: string;
  fields: readonly CreateFormField[];
  onSaved: () => void;
}

/** A button opening a drawer that creates one record with a POST of its fields. */
export function CreateFormButton({ label, schema, path, fields, onSaved }: CreateFormButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = async (values: Record<string, unknown>) => {
    const body = Object.fromEntries(
      Object.entries(values).filter(
        (entry) => entry[1] !== undefined && entry[1] !== null && entry[1] !== '',
      ),
    );
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? 'Invalid form');
      return;
    }
    setBusy(true);
    try {
      await apiCall('POST', path, body);
      message.success('Saved');
      setOpen(false);
      onSaved();
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" type="primary" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Drawer open={open} width={420} title={label} onClose={() => setOpen(false)} destroyOnHidden>
        <Form layout="vertical" onFinish={save}>
          {fields.map((field) => (
            <Form.Item
              key={field.name}
              label={field.label}
              name={field.name}
              rules={field.required ? [{ required: true }] : []}
            >
              {field.kind === 'number' ? (
                <InputNumber min={0} precision={0} />
              ) : field.kind === 'secret' ? (
                <Input.Password autoComplete="new-password" />
              ) : (
                <Input />
              )}
            </Form.Item>
          ))}
          <Button type="primary" htmlType="submit" loading={busy}>
            Save
          </Button>
        </Form>
      </Drawer>
    </>
  );
}
