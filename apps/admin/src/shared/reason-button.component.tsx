import { Button, type ButtonProps, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { errorMessage } from './api-client.ts';
import { useActionAnswer } from './approval-notice.component.tsx';
import { message } from './feedback.ts';

interface ReasonButtonProps {
  label: string;
  /** What the dialog asks; the reason goes into the audit row. */
  title: string;
  danger?: boolean;
  type?: ButtonProps['type'];
  /** For a text that is not an audit reason (such as a reply to a player). */
  field?: { label: string; placeholder: string; maxLength: number };
  /** What the operator should know before going on (shown above the text). */
  description?: ReactNode;
  testId?: string;
  /**
   * Runs the action. Its answer's `msg` is said; an answer that is a request for a second operator's
   * approval (HTTP 202) is said as such, with a link to the request.
   */
  onSubmit(reason: string): Promise<unknown>;
}

const REASON_FIELD = { label: 'Reason', placeholder: 'Reason (kept in the audit log)', maxLength: 300 };

/** A money or account action: asks the operator for a reason, then runs it and says how it went. */
export function ReasonButton({
  label,
  title,
  danger,
  type,
  field = REASON_FIELD,
  description,
  testId,
  onSubmit,
}: ReasonButtonProps) {
  const answerOf = useActionAnswer();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const answer = (await onSubmit(reason.trim())) as { msg?: string } | undefined;
      answerOf(answer, answer?.msg ?? 'Done');
      setOpen(false);
      setReason('');
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" danger={danger} type={type} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      <Modal
        open={open}
        title={title}
        okText={label}
        okButtonProps={{ disabled: reason.trim() === '', loading: busy, danger }}
        onOk={submit}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {description ? <Typography.Paragraph>{description}</Typography.Paragraph> : null}
        <Input.TextArea
          aria-label={field.label}
          placeholder={field.placeholder}
          value={reason}
          maxLength={field.maxLength}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </>
  );
}
