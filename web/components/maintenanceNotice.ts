/** What people see while maintenance is on when the administrators left no message (the admin page previews it). */
export const MAINTENANCE_NOTICE = 'Bondwise is being updated. This page will continue automatically once we are back.';
