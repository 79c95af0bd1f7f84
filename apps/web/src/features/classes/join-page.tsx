import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { joinClass, messageOf } from './api/classes.ts';
import { JoinByCodeForm } from './components/class-forms.tsx';

/**
 * /join/{joinCode}: a signed-in user joins at once and goes to the class; a visitor comes here
 * after signing in or registering (RequireAuth keeps the address for after sign-in).
 */
export function JoinPage() {
  const { joinCode = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    // Once per visit: joining is idempotent, but a wrong code counts against the address.
    if (asked.current) return;
    asked.current = true;
    joinClass(joinCode)
      .then(({ classId }) =>
        navigate(`${paths.classes}?class=${encodeURIComponent(classId)}`, { replace: true }),
      )
      .catch((e: unknown) => setError(messageOf(e)));
  }, [joinCode, navigate]);
  return (
    <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-10">
      <h1 className="text-2xl font-bold">Join a class</h1>
      {error ? (
        <div className="mt-4 space-y-4">
          <p role="alert" className="text-red-700 dark:text-red-300">
            {error}
          </p>
          <JoinByCodeForm
            onJoined={(classId) =>
              navigate(`${paths.classes}?class=${encodeURIComponent(classId)}`, { replace: true })
            }
          />
          <Link
            to={paths.classes}
            className="text-sm font-semibold text-indigo-700 underline dark:text-indigo-300"
          >
            Your classes
          </Link>
        </div>
      ) : (
        <div className="flex min-h-40 items-center justify-center text-indigo-600 dark:text-indigo-400">
          <Spinner label="Joining the class" className="h-8 w-8" />
        </div>
      )}
    </main>
  );
}
