import type { ApprovalRequestDto } from '@app/shared';
import { useCustomMutation, useGetIdentity, useInvalidate } from '@refinedev/core';
import { Space, Typography } from 'antd';
import { ReasonButton } from '../../shared/reason-button.component.tsx';
import type { ConsoleIdentity } from '../auth/auth-provider.ts';
import { approverText } from './approval-format.ts';

/** What an operator can do to a request: a second operator decides it, its maker withdraws it. */
export type ApprovalVerb = 'approve' | 'refuse' | 'cancel';

/**
 * Decides a request and refreshes what the console shows: the queue and its badge, the request, and (an
 * approved request did something) every other list.
 */
export function useApprovalDecision(): (id: number, verb: ApprovalVerb, reason: string) => Promise<unknown> {
  const { mutateAsync } = useCustomMutation<{ msg: string; entry: ApprovalRequestDto }>();
  const invalidate = useInvalidate();
  return async (id, verb, reason) => {
    try {
      const answer = await mutateAsync({
        url: `/admin/api/approvals/${id}/${verb}`,
        method: 'post',
        values: { reason },
        successNotification: false,
        errorNotification: false,
      });
      return answer.data;
    } finally {
      // Refreshed after a refusal too: "already decided" or "expired" means the queue is out of date.
      await invalidate({ invalidates: ['all'] });
    }
  };
}

/** Whether the signed-in operator asked for this request (a maker may withdraw it, never decide it). */
export function isOwnRequest(request: ApprovalRequestDto, identity: ConsoleIdentity | undefined): boolean {
  return identity !== undefined && request.requested_by === identity.username;
}

/**
 * The buttons of a request: Approve and Refuse when the operator may decide it (`may_decide`: a person other
 * than its maker, of a role that may approve it), Withdraw for its maker while it waits; otherwise a line
 * saying who may decide it.
 */
export function ApprovalActions({ request }: { request: ApprovalRequestDto }) {
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const decide = useApprovalDecision();
  if (request.status !== 'pending') return null;
  const own = isOwnRequest(request, identity);
  const subject = `request #${request.id}: ${request.summary}`;
  return (
    <Space>
      {request.may_decide ? (
        <>
          <ReasonButton
            label="Approve"
            type="primary"
            title={`Approve ${subject}`}
            description="Approving does it at once, in your name and the maker's."
            testId={`approve-${request.id}`}
            onSubmit={(reason) => decide(request.id, 'approve', reason)}
          />
          <ReasonButton
            label="Refuse"
            danger
            title={`Refuse ${subject}`}
            description="Nothing is done; the maker sees your reason."
            testId={`refuse-${request.id}`}
            onSubmit={(reason) => decide(request.id, 'refuse', reason)}
          />
        </>
      ) : null}
      {own ? (
        <>
          <ReasonButton
            label="Withdraw"
            title={`Withdraw ${subject}`}
            testId={`withdraw-${request.id}`}
            onSubmit={(reason) => decide(request.id, 'cancel', reason)}
          />
          <Typography.Text type="secondary" data-testid={`own-request-${request.id}`}>
            Yours: a second operator must approve it
          </Typography.Text>
        </>
      ) : null}
      {!request.may_decide && !own ? (
        <Typography.Text type="secondary">Approved by {approverText(request)}</Typography.Text>
      ) : null}
    </Space>
  );
}
