import { ERROR_MESSAGES, isFreePlan, PLANS, planName } from '@grasp/contract';
import { use } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { BillingHistory } from '../billing/components/billing-history.tsx';
import { RecapsDueLink } from '../learning/components/recaps-due-link.tsx';
import type { UserDashboardData } from './api/user-dashboard.ts';
import { RecentActivity } from './components/recent-activity.tsx';
import { STAT_ICONS, StatCard } from './components/stat-card.tsx';
import { DashboardExtrasContext } from './dashboard-extras.ts';
import { useUserDashboard } from './hooks/use-user-dashboard.ts';
import { learningStreak } from './lib/learning-streak.ts';

const upgradeClass =
  'inline-flex items-center justify-center rounded-lg bg-amber-400 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-amber-300';

function streakNote(days: number, activeToday: boolean): string {
  if (days === 0) return 'Explain or recap a concept today to start one.';
  if (!activeToday) return 'Explain or recap something today to keep it going.';
  return 'Keep it up!';
}

function Figures({ data, now }: { data: UserDashboardData; now: number }) {
  // The server lists only the latest explanations; older ones may stretch the streak further.
  const cutShort = data.totalMessages > data.messages.length;
  // A day with a recap review counts like a day with an explanation (DESIGN.md §8).
  const streak = learningStreak(
    [...data.messages.map((m) => m.created_date), ...data.reviewDates],
    new Date(now),
    cutShort ? data.messages.at(-1)?.created_date : undefined,
  );
  const openEnded = cutShort && streak.reachesOldest;
  const free = isFreePlan(data.user.plan);
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          label="Total messages"
          value={data.totalMessages}
          note="Explanations you have received"
          icon={STAT_ICONS.messages}
          accent="bg-indigo-100 text-indigo-700 dark:bg-indigo-900/60 dark:text-indigo-200"
        />
        <StatCard
          label="Available units"
          value={data.availableUnits === null ? 'Unlimited' : data.availableUnits}
          note={`${planName(data.user.plan)} plan, this billing cycle`}
          icon={STAT_ICONS.units}
          accent="bg-emerald-100 text-emerald-700 dark:bg-emerald-900/60 dark:text-emerald-200"
        />
        <StatCard
          label="Learning streak"
          value={`${streak.days}${openEnded ? '+' : ''} ${streak.days === 1 ? 'day' : 'days'}`}
          note={streakNote(streak.days, streak.endsToday)}
          icon={STAT_ICONS.streak}
          accent="bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-200"
        />
      </ul>
      {free ? (
        <aside className="flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700/60 dark:bg-amber-950/40">
          <div>
            <h2 className="font-semibold">Get more with {PLANS.pro.name}</h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
              Every explanation style and {PLANS.pro.monthlyUnits} concepts a month.
            </p>
          </div>
          <Link to={paths.pricing} className={upgradeClass}>
            Upgrade to Pro
          </Link>
        </aside>
      ) : null}
      <RecentActivity messages={data.messages} now={now} />
      <BillingHistory />
    </>
  );
}

/** /user-dashboard (SPEC.md §2): the user's figures and latest explanations. */
export function UserDashboardPage() {
  const { state, reload } = useUserDashboard();
  const extras = use(DashboardExtrasContext);
  return (
    <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Your learning</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Your figures and the concepts you explored lately.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.classes} className={buttonClass('secondary')}>
            Classes
          </Link>
          <Link to={paths.dashboard} className={buttonClass('primary')}>
            New explanation
          </Link>
        </div>
      </div>
      {state.status === 'loading' ? (
        <div className="flex min-h-64 items-center justify-center text-indigo-600 dark:text-indigo-400">
          <Spinner label="Loading your dashboard" className="h-8 w-8" />
        </div>
      ) : state.status === 'error' ? (
        <div
          role="alert"
          className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
        >
          <p className="font-semibold">{ERROR_MESSAGES.userDataFailed}</p>
          {state.detail ? <p className="mt-1">{state.detail}</p> : null}
          <Button variant="secondary" className="mt-4" onClick={reload}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="space-y-6">
          <RecapsDueLink />
          {extras}
          <Figures data={state.data} now={Date.now()} />
        </div>
      )}
    </main>
  );
}
