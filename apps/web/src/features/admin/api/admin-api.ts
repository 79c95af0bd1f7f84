import {
  type AdminAuditQuery,
  type AdminAuditResponse,
  type AdminInvoicesQuery,
  type AdminInvoicesResponse,
  type AdminMeResponse,
  type AdminOverviewResponse,
  type AdminPaymentsQuery,
  type AdminPaymentsResponse,
  type AdminUserDetail,
  type AdminUsersQuery,
  type AdminUsersResponse,
  adminAuditResponseSchema,
  adminInvoicesResponseSchema,
  adminMeResponseSchema,
  adminOverviewResponseSchema,
  adminPaymentsResponseSchema,
  adminUserDetailSchema,
  adminUsersResponseSchema,
  type PlanId,
} from '@grasp/contract';
import { apiFile, apiParsed, apiRequest } from '../../../lib/api-client.ts';

export const ADMIN_API = '/api/admin';
const userPath = (id: string) => `${ADMIN_API}/users/${encodeURIComponent(id)}`;
const paymentPath = (id: string) => `${ADMIN_API}/payments/${encodeURIComponent(id)}`;

/** `?a=1&b=x` from a query object; empty and undefined values are left out. */
export function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const fetchMe = (signal?: AbortSignal): Promise<AdminMeResponse> =>
  apiParsed(adminMeResponseSchema, `${ADMIN_API}/me`, { signal });

export const fetchOverview = (days: number, signal?: AbortSignal): Promise<AdminOverviewResponse> =>
  apiParsed(adminOverviewResponseSchema, `${ADMIN_API}/overview${queryString({ days })}`, {
    signal,
  });

export const fetchUsers = (
  query: AdminUsersQuery,
  signal?: AbortSignal,
): Promise<AdminUsersResponse> =>
  apiParsed(adminUsersResponseSchema, `${ADMIN_API}/users${queryString(query)}`, { signal });

export const fetchUser = (id: string, signal?: AbortSignal): Promise<AdminUserDetail> =>
  apiParsed(adminUserDetailSchema, userPath(id), { signal });

export const fetchPayments = (
  query: AdminPaymentsQuery,
  signal?: AbortSignal,
): Promise<AdminPaymentsResponse> =>
  apiParsed(adminPaymentsResponseSchema, `${ADMIN_API}/payments${queryString(query)}`, { signal });

export const fetchInvoices = (
  query: AdminInvoicesQuery,
  signal?: AbortSignal,
): Promise<AdminInvoicesResponse> =>
  apiParsed(adminInvoicesResponseSchema, `${ADMIN_API}/invoices${queryString(query)}`, { signal });

export const fetchAudit = (
  query: AdminAuditQuery,
  signal?: AbortSignal,
): Promise<AdminAuditResponse> =>
  apiParsed(adminAuditResponseSchema, `${ADMIN_API}/audit${queryString(query)}`, { signal });

/** Confirms the PIN for this session's admin writes (204; 401 for a wrong PIN). */
export async function confirmSudo(pin: string): Promise<void> {
  // A wrong PIN is a 401 that must not sign the admin out.
  await apiRequest(`${ADMIN_API}/sudo`, { body: { pin }, skipUnauthorizedHandler: true });
}

/** The staff writes; each answers the changed object, which the pages reload instead. */
export const userActions = {
  plan: (id: string, plan: PlanId, reason: string) =>
    apiRequest(`${userPath(id)}/plan`, { body: { plan, reason } }),
  units: (id: string, units: number, reason: string) =>
    apiRequest(`${userPath(id)}/units`, { body: { units, reason } }),
  revokeSessions: (id: string, reason: string) =>
    apiRequest(`${userPath(id)}/sessions/revoke`, { body: { reason } }),
  disable: (id: string, reason: string) =>
    apiRequest(`${userPath(id)}/disable`, { body: { reason } }),
  enable: (id: string, reason: string) =>
    apiRequest(`${userPath(id)}/enable`, { body: { reason } }),
};

export const paymentActions = {
  refund: (id: string, reason: string) =>
    apiRequest(`${paymentPath(id)}/refund`, { body: { reason } }),
  reconcile: (id: string, reason: string) =>
    apiRequest(`${paymentPath(id)}/reconcile`, { body: reason ? { reason } : {} }),
};

/** A printable invoice or credit note, as an object URL the browser can open. */
export async function fetchDocumentUrl(id: string): Promise<string> {
  const { blob } = await apiFile(`${ADMIN_API}/invoices/${encodeURIComponent(id)}`, {
    headers: { Accept: 'text/html' },
  });
  return URL.createObjectURL(new Blob([blob], { type: 'text/html' }));
}
