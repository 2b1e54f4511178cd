import type { DialogProps } from 'antd-mobile';

/** One action button of an antd-mobile dialog. */
export type DialogAction = Extract<NonNullable<DialogProps['actions']>[number], { key: unknown }>;

/** A dialog action with a test id: antd-mobile copies the data-* keys of an action onto its button. */
export function withTestId(action: DialogAction, testId: string): DialogAction {
  return Object.assign({ 'data-testid': testId }, action);
}
