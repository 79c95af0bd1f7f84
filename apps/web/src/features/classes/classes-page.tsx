import { CLASS_MESSAGES, type ClassesResponse, type ClassView } from '@grasp/contract';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { fetchClass, fetchClasses, messageOf } from './api/classes.ts';
import { CreateClassForm, JoinByCodeForm } from './components/class-forms.tsx';
import { MemberClass } from './components/member-class.tsx';
import { TeacherClass } from './components/teacher-class.tsx';

type Load<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T };

const card =
  'rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900';

function Failed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
    >
      <p className="font-semibold">{message}</p>
      <Button variant="secondary" className="mt-3" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex min-h-40 items-center justify-center text-indigo-600 dark:text-indigo-400">
      <Spinner label={label} className="h-8 w-8" />
    </div>
  );
}

/** The chosen class: the teacher's whole view, or a member's own. */
function ClassPanel({ classId, onLeft }: { classId: string; onLeft: () => void }) {
  const [state, setState] = useState<Load<ClassView>>({ status: 'loading' });
  const load = useCallback(
    (signal?: AbortSignal) => {
      setState({ status: 'loading' });
      fetchClass(classId, signal)
        .then((data) => setState({ status: 'ready', data }))
        .catch((e: unknown) => {
          if (!signal?.aborted) setState({ status: 'error', message: messageOf(e) });
        });
    },
    [classId],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);
  if (state.status === 'loading') return <Loading label="Loading the class" />;
  if (state.status === 'error') return <Failed message={state.message} retry={() => load()} />;
  const view = state.data;
  return (
    <section aria-labelledby="class-heading" className="space-y-4">
      <h2 id="class-heading" className="text-2xl font-bold break-words">
        {view.name}
      </h2>
      {view.role === 'teacher' ? (
        <TeacherClass view={view} onChange={(data) => setState({ status: 'ready', data })} />
      ) : (
        <MemberClass view={view} onLeft={onLeft} />
      )}
    </section>
  );
}

/** /classes (DESIGN.md §13): the classes the user teaches or belongs to. */
export function ClassesPage() {
  const user = useAuth((s) => s.user);
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<Load<ClassesResponse>>({ status: 'loading' });
  const load = useCallback((signal?: AbortSignal) => {
    fetchClasses(signal)
      .then((data) => setState({ status: 'ready', data }))
      .catch((e: unknown) => {
        if (!signal?.aborted) setState({ status: 'error', message: messageOf(e) });
      });
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const classes = state.status === 'ready' ? state.data.classes : [];
  const chosen = params.get('class') ?? classes[0]?.classId ?? null;
  const open = (classId: string | null) => {
    setParams(classId ? { class: classId } : {}, { replace: false });
    load();
  };
  const enterprise = user?.plan.toLowerCase() === 'enterprise';

  return (
    <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">Classes</h1>
      <p className="mt-1 mb-6 text-slate-600 dark:text-slate-300">
        A teacher assigns concepts and sees who has understood them; members learn them.
      </p>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start">
        <div className="space-y-4">
          {state.status === 'loading' ? <Loading label="Loading your classes" /> : null}
          {state.status === 'error' ? (
            <Failed message={state.message} retry={() => load()} />
          ) : null}
          {classes.length > 0 ? (
            <nav aria-label="Your classes" className={card}>
              <ul className="space-y-1">
                {classes.map((c) => (
                  <li key={c.classId}>
                    <button
                      type="button"
                      onClick={() => open(c.classId)}
                      aria-current={c.classId === chosen ? 'true' : undefined}
                      className={`w-full rounded-lg px-3 py-2 text-left hover:bg-slate-100 dark:hover:bg-slate-800 ${
                        c.classId === chosen
                          ? 'bg-indigo-50 font-semibold text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200'
                          : ''
                      }`}
                    >
                      <span className="block break-words">{c.name}</span>
                      <span className="text-xs text-slate-600 dark:text-slate-400">
                        {c.role === 'teacher' ? 'You teach' : 'Member'} · {c.memberCount}{' '}
                        {c.memberCount === 1 ? 'member' : 'members'}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
        {/* After the class on a phone, beside it under the list on a wide screen. */}
        <aside aria-label="New class or join" className={`${card} space-y-4 lg:col-start-1`}>
          {enterprise ? (
            <CreateClassForm onCreated={(id) => open(id)} />
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-200">
              {CLASS_MESSAGES.planRequired}{' '}
              <Link
                to={paths.pricing}
                className="font-semibold text-indigo-700 underline dark:text-indigo-300"
              >
                See plans
              </Link>
            </p>
          )}
          <JoinByCodeForm onJoined={(id) => open(id)} />
        </aside>
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {/* A class named in the address loads beside the list, not after it. */}
          {chosen && (state.status !== 'ready' || classes.some((c) => c.classId === chosen)) ? (
            <ClassPanel key={chosen} classId={chosen} onLeft={() => open(null)} />
          ) : state.status === 'ready' && classes.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-300">
              You are in no class yet. {enterprise ? 'Create one, or join' : 'Join'} one with the
              code your teacher gave you.
            </p>
          ) : null}
        </div>
      </div>
    </main>
  );
}
