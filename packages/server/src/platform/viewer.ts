/**
 * Who is asking: the signed-in account, as the platform's guards need it (`request.account`, a socket's
 * user). The accounts module, which owns accounts and sessions, adds the rest of its row by declaration
 * merging (`accounts.module.ts`), so routes see the whole account while the platform imports no module.
 */
export interface Viewer {
  id: string;
  role: 'customer' | 'designer' | 'service' | 'staff';
  status: 'active' | 'pending' | 'hold' | 'deactivated';
  isInactive: boolean;
}

export type Role = Viewer['role'];
