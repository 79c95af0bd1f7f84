import { ADMIN_MESSAGES, type AdminUserDetail, planName } from '@grasp/contract';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { adminPaths } from '../../config/admin-paths.ts';
import { fetchUser } from './api/admin-api.ts';
import { PlanBadge, RoleBadge, StatusBadge } from './components/badges.tsx';
import { DocumentLink } from './components/document-link.tsx';
import { PaymentsTable } from './components/payments-table.tsx';
import { card, Empty, Failed, Loading } from './components/states.tsx';
import { UserActions } from './components/user-actions.tsx';
import { useLoad } from './hooks/use-load.ts';
import { count, dateTime, rupees } from './lib/format.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="px-4 pt-4 pb-2 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 px-4 pb-4 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600 dark:text-slate-300">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CycleUse({ cycle }: { cycle: NonNullable<AdminUserDetail['cycle']> }) {
  const limit = cycle.unitLimit;
  const share = limit ? Math.min(100, Math.round((cycle.unitsUsed / limit) * 100)) : 0;
  return (
    <div className="px-4 pb-4 text-sm">
      <p>
        {count(cycle.unitsUsed)} of {limit === null ? 'unlimited' : count(limit)} units used ·{' '}
        {planName(cycle.plan)} cycle {dateTime(cycle.startsAt)} to {dateTime(cycle.endsAt)}
      </p>
      {limit !== null ? (
        <div
          role="progressbar"
          aria-label="Units used this cycle"
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={cycle.unitsUsed}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div className="h-full bg-indigo-600" style={{ width: `${share}%` }} />
        </div>
      ) : null}
    </div>
  );
}

function List<T>({
  items,
  empty,
  render,
}: {
  items: T[];
  empty: string;
  render: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <Empty>{empty}</Empty>;
  return (
    <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">{items.map(render)}</ul>
  );
}

function Detail({ detail, reload }: { detail: AdminUserDetail; reload: () => void }) {
  const { user, cycle } = detail;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 id="admin-title" className="mr-2 text-2xl font-bold tracking-tight break-all">
          {user.username}
        </h1>
        <PlanBadge plan={user.plan} />
        <RoleBadge role={user.role} />
        <StatusBadge disabled={user.disabled} />
      </div>
      <UserActions detail={detail} onChanged={reload} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Profile">
          <Facts
            rows={[
              ['Name', user.fullName || '—'],
              ['Email', `${user.email}${user.emailVerified ? ' (verified)' : ' (not verified)'}`],
              ['Mobile', user.mobile || '—'],
              ['Joined', dateTime(user.createdAt)],
              ['Disabled', user.disabledAt ? dateTime(user.disabledAt) : 'No'],
              ['Materials', count(detail.materialsCount)],
            ]}
          />
        </Section>
        <Section title="Plan and this cycle">
          {cycle ? <CycleUse cycle={cycle} /> : <Empty>No cycle has started yet.</Empty>}
        </Section>
      </div>
      <Section title="Payments">
        {detail.payments.length === 0 ? (
          <Empty>No payments.</Empty>
        ) : (
          <PaymentsTable payments={detail.payments} onChanged={reload} withUser={false} />
        )}
      </Section>
      <div className="grid gap-4 lg:grid-cols-3">
        <Section title="Invoices and credit notes">
          <List
            items={detail.documents}
            empty={ADMIN_MESSAGES.noInvoices}
            render={(d) => (
              <li key={d.id} className="flex items-center justify-between gap-3 px-4 py-2.5">
                <span className="min-w-0">
                  <span className="block font-mono text-xs break-all">{d.number}</span>
                  <span className="text-slate-600 dark:text-slate-300">
                    {d.kind === 'creditNote' ? 'Credit note' : 'Invoice'} · {rupees(d.totalPaise)}
                  </span>
                </span>
                <DocumentLink document={d} />
              </li>
            )}
          />
        </Section>
        <Section title="Open sessions">
          <List
            items={detail.sessions}
            empty="No open sessions."
            render={(s) => (
              <li key={s.id} className="px-4 py-2.5">
                Since {dateTime(s.createdAt)}
                <span className="block text-slate-600 dark:text-slate-300">
                  Ends {dateTime(s.expiresAt)}
                </span>
              </li>
            )}
          />
        </Section>
        <Section title="Classes">
          <List
            items={detail.classes}
            empty="In no class."
            render={(c) => (
              <li key={c.classId} className="flex justify-between gap-3 px-4 py-2.5">
                <span className="min-w-0 break-words">{c.name}</span>
                <span className="text-slate-600 dark:text-slate-300">
                  {c.role === 'teacher' ? 'Teacher' : 'Member'}
                </span>
              </li>
            )}
          />
        </Section>
      </div>
    </div>
  );
}

/** /admin/users/{id}: one learner, organised around what support does for them. */
export function UserPage() {
  const { id = '' } = useParams();
  const detail = useLoad(`user:${id}`, (signal) => fetchUser(id, signal));
  const back = (
    <Link
      to={adminPaths.users}
      className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
    >
      ← All users
    </Link>
  );
  if (detail.status === 'error' && detail.error?.status === 404) {
    return (
      <section className="space-y-3">
        {back}
        <h1 id="admin-title" className="text-2xl font-bold">
          {ADMIN_MESSAGES.userNotFound}
        </h1>
      </section>
    );
  }
  return (
    <section aria-labelledby="admin-title" className="space-y-3">
      {back}
      {detail.status === 'error' ? (
        <Failed message={detail.error?.message} retry={detail.reload} />
      ) : !detail.data || detail.data.user.id !== id ? (
        <Loading label="Loading the learner" />
      ) : (
        <Detail detail={detail.data} reload={detail.reload} />
      )}
    </section>
  );
}
