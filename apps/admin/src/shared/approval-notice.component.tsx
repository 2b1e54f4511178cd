import { ApprovalMessage, type ApprovalRequestDto, type ApprovalRequestedResponse } from '@app/shared';
import { useInvalidate } from '@refinedev/core';
import { useCallback } from 'react';
import { message, notice } from './feedback.ts';

/** The Refine resource of the approval queue (its list feeds the header's badge). */
export const APPROVALS_RESOURCE = 'approvals';

/** The console's address of one request (a hash route, so it works from a notice outside the router). */
export function approvalHref(id: number): string {
  return `#/approvals/${id}`;
}

/**
 * Whether a call's answer is a request waiting for a second operator (HTTP 202 `{code: 202, request}`)
 * rather than the action done: gift codes above the single-approval maximum, settings that loosen a money
 * control, hand recharges, providers and channel keys answer so.
 */
export function isApprovalRequested(answer: unknown): answer is ApprovalRequestedResponse {
  if (typeof answer !== 'object' || answer === null) return false;
  const { code, request } = answer as { code?: unknown; request?: unknown };
  return code === 202 && typeof request === 'object' && request !== null && 'id' in request;
}

/** Says that the action waits for a second operator, with a link to the request. */
export function sayApprovalRequested(request: ApprovalRequestDto, text: string = ApprovalMessage.requested) {
  notice.info(
    text,
    <a href={approvalHref(request.id)} data-testid="approval-requested-link">
      Request #{request.id}: {request.summary}
    </a>,
    'approval-requested',
  );
}

/**
 * The answer of an action that may be sent for approval: says "Sent for approval" with a link to the request
 * when it was (and refreshes the queue's badge), or `done` when it was done. Answers whether it was sent.
 */
export function useActionAnswer(): (answer: unknown, done: string) => boolean {
  const invalidate = useInvalidate();
  return useCallback(
    (answer: unknown, done: string) => {
      if (!isApprovalRequested(answer)) {
        message.success(done);
        return false;
      }
      sayApprovalRequested(answer.request, answer.msg);
      void invalidate({ resource: APPROVALS_RESOURCE, invalidates: ['list'] });
      return true;
    },
    [invalidate],
  );
}
