import type { AdminUserRow } from '@common/api/adminUsers';

/** How an account's status reads on the admin users pages (the list and the detail panel). */
export const USER_STATUS_LABELS: Record<AdminUserRow['status'], string> = {
  active: 'active',
  locked: 'locked',
  loginLocked: 'sign-in locked',
};
