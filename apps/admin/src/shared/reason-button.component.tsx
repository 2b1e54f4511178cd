import { Button, type ButtonProps, Input, Modal } from 'antd';
import { useState } from 'react';
import { message } from './feedback.ts';

interface ReasonButtonProps {
  label: string;
  /** What the dialog asks; the reason goes into the audit row. */
  title: string;
  danger?: boolean;
  type?: ButtonProps['type'];
  /** For a text that is not an audit reason (such as a reply to a player). */
  field?: { label: string; placeholder: string; maxLength: number };
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
  onSubmit,
}: ReasonButtonProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const answer = (await onSubmit(reason.trim())) as { msg?: string } | undefined;
      message.success(answer?.msg ?? 'Done');
      setOpen(false);
      setReason('');
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" danger={danger} type={type} onClick={() => setOpen(true)}>
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
