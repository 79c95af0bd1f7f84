/**
 * The console's own pages (DESIGN.md §15). Apart from config/paths.ts, which the landing's first
 * chunk carries: only the console's chunk needs these.
 */
export const adminPaths = {
  overview: '/admin',
  users: '/admin/users',
  user: (id: string) => `/admin/users/${encodeURIComponent(id)}`,
  payments: '/admin/payments',
  invoices: '/admin/invoices',
  audit: '/admin/audit',
} as const;
