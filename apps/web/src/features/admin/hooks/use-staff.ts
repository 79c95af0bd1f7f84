import type { AdminMeResponse } from '@grasp/contract';
import { createContext, useContext } from 'react';

/** Who is using the console; set once it has answered /api/admin/me. */
export const StaffContext = createContext<AdminMeResponse | null>(null);

/** Whether the signed-in staff member may make changes (admin) or only read (support). */
export function useCanWrite(): boolean {
  return useContext(StaffContext)?.role === 'admin';
}

export const READ_ONLY_NOTE =
  'Support can look but not change: only an admin can use these actions.';
