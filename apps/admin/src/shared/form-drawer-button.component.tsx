import { OPERATOR_REASON_MAX_LENGTH } from '@app/shared';
import { Button, type ButtonProps, Drawer, Form, type FormProps, Input } from 'antd';
import { type ReactNode, useState } from 'react';
import type { ZodType } from 'zod';
import { apiCall, errorMessage } from './api-client.ts';
import { useActionAnswer } from './approval-notice.component.tsx';
import { message } from './feedback.ts';

/** One problem the schema found, as zod reports it. */
interface SchemaIssue {
  path: PropertyKey[];
  message: string;
}

interface FormDrawerButtonProps<Fields> {
  /** The text of the button that opens the drawer. */
  label: ReactNode;
  buttonType?: ButtonProps['type'];
  buttonTestId?: string;
  title: ReactNode;
  width: number;
  initialValues?: FormProps<Fields>['initialValues'];
  /** Turns the form's values into the body sent; without it the values are sent as they are. */
  toBody?: (values: Fields) => unknown;
  /** The schema the server parses the body with: the form says what is wrong before sending. */
  schema: ZodType;
  /** Said when the schema refuses the body without naming an issue. */
  invalidMessage: string;
  /** How an issue the schema found is said; by default its message alone. */
  describeIssue?: (issue: SchemaIssue) => string;
  method: 'POST' | 'PUT';
  path: string;
  /**
   * Said once the server did what was asked. An answer that is a request for a second operator's approval
   * (HTTP 202) is said as such instead, with a link to the request.
   */
  savedMessage: string | ((values: Fields) => string);
  /**
   * Asks for a reason (sent as `reason` when given) for an action that may need a second operator's
   * approval; the text says when the reason is needed.
   */
  reasonField?: { extra: ReactNode };
  submitLabel?: string;
  onSaved: () => void;
  /** The form's items; the Save button follows them. */
  children: ReactNode;
}

type DrawerFormProps<Fields> = Omit<
  FormDrawerButtonProps<Fields>,
  'label' | 'buttonType' | 'buttonTestId' | 'title' | 'width'
> & {
  onDone: () => void;
};

/** The body of a form with a reason field: the other fields as `toBody` makes them, and the reason if given. */
function withReason<Fields>(
  { reason, ...fields }: Fields & { reason?: string },
  toBody: (values: Fields) => unknown,
): unknown {
  const text = reason?.trim();
  return { ...(toBody(fields as Fields) as object), ...(text ? { reason: text } : {}) };
}

/**
 * The drawer's form. It lives inside the drawer, so every opening starts from the initial values: a form
 * instance kept across openings would bring back what was typed (or stored) before.
 */
function DrawerForm<Fields extends object>({
  initialValues,
  toBody = (values) => values,
  schema,
  invalidMessage,
  describeIssue = (issue) => issue.message,
  method,
  path,
  savedMessage,
  reasonField,
  submitLabel = 'Save',
  onSaved,
  onDone,
  children,
}: DrawerFormProps<Fields>) {
  const [form] = Form.useForm<Fields & { reason?: string }>();
  const [busy, setBusy] = useState(false);
  const answerOf = useActionAnswer();
  const save = async (values: Fields & { reason?: string }) => {
    const body = reasonField ? withReason(values, toBody) : toBody(values);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      message.error(issue ? describeIssue(issue) : invalidMessage);
      return;
    }
    setBusy(true);
    try {
      const answer = await apiCall(method, path, body);
      answerOf(answer, typeof savedMessage === 'function' ? savedMessage(values) : savedMessage);
      // The drawer is destroyed only once its close animation ends; until then a key the operator typed
      // would still be in the page, so the form lets go of every value at once.
      form.resetFields();
      onDone();
      onSaved();
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form<Fields & { reason?: string }>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={save}
    >
      {children}
      {reasonField ? (
        <Form.Item label="Reason" name="reason" extra={reasonField.extra}>
          <Input.TextArea maxLength={OPERATOR_REASON_MAX_LENGTH} autoSize={{ minRows: 2 }} />
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/**
 * A button opening a drawer with a form that is checked with the server's schema, sent, and on success
 * cleared and closed.
 */
export function FormDrawerButton<Fields extends object>({
  label,
  buttonType,
  buttonTestId,
  title,
  width,
  ...form
}: FormDrawerButtonProps<Fields>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" type={buttonType} onClick={() => setOpen(true)} data-testid={buttonTestId}>
        {label}
      </Button>
      <Drawer open={open} width={width} title={title} onClose={() => setOpen(false)} destroyOnHidden>
        <DrawerForm<Fields> {...form} onDone={() => setOpen(false)} />
      </Drawer>
    </>
  );
}
