import type { OperatorRole } from '@app/shared';
import type { AccessControlProvider } from '@refinedev/core';
import { currentOperator } from '../features/auth/auth-provider.ts';

/** The roles that see each menu entry besides owner and auditor (the server enforces the same rules). */
export const MENU_ROLES: Record<string, readonly OperatorRole[]> = {
  dashboard: ['finance', 'support', 'content'],
  approvals: ['finance', 'support', 'content'],
  alerts: ['finance', 'support', 'content'],
  settings: ['finance', 'content'],
  channels: ['finance'],
  content: ['content'],
  fairness: ['finance', 'content', 'support'],
};

/** Hides the menu entries an operator's role cannot use; the server answers 403 to them anyway. */
export function accessControlFor(
  rolesOf: (resource: string) => readonly OperatorRole[] | undefined,
): AccessControlProvider {
  return {
    async can({ resource }) {
      const { operator } = await currentOperator();
      if (operator.role === 'owner' || operator.role === 'auditor') return { can: true };
      const roles = (resource ? (rolesOf(resource) ?? MENU_ROLES[resource]) : undefined) ?? [];
      return { can: roles.includes(operator.role) };
    },
  };
}
