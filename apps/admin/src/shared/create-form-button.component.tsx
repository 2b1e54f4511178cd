import { Form, Input, InputNumber } from 'antd';
import type { ZodType } from 'zod';
import { FormDrawerButton } from './form-drawer-button.component.tsx';

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

/** The body sent: the fields the operator filled in, the empty ones left out. */
function filledFields(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter((entry) => entry[1] !== undefined && entry[1] !== null && entry[1] !== ''),
  );
}

/** A button opening a drawer that creates one record with a POST of its fields. */
export function CreateFormButton({ label, schema, path, fields, onSaved }: CreateFormButtonProps) {
  return (
    <FormDrawerButton<Record<string, unknown>>
      label={label}
      buttonType="primary"
      title={label}
      width={420}
      toBody={filledFields}
      schema={schema}
      invalidMessage="Invalid form"
      method="POST"
      path={path}
      savedMessage="Saved"
      onSaved={onSaved}
    >
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
    </FormDrawerButton>
  );
}
