import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import styles from './auth.module.css';

/** The large primary submit button of an auth form, spinning while its call runs. */
export function AuthSubmitButton(props: { submitting: boolean; testId: string; children: ReactNode }) {
  return (
    <Button
      type="submit"
      color="primary"
      block
      size="large"
      loading={props.submitting}
      className={styles.submit}
      data-testid={props.testId}
    >
      {props.children}
    </Button>
  );
}
