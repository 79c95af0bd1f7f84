import { PRODUCT_NAME } from '@grasp/contract';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { PasskeySignIn } from './components/passkey-sign-in.tsx';
import { RegisterForm } from './components/register-form.tsx';
import { RegisterSuccess } from './components/register-success.tsx';
import { SignInForm } from './components/sign-in-form.tsx';
import { forwardedState, redirectTarget } from './lib/redirect.ts';

type Mode = 'login' | 'register';

interface Registered {
  message: string;
  username: string;
}

const COPY: Record<
  Mode,
  { title: string; lead: string; switchText: string; switchAction: string }
> = {
  login: {
    title: 'Sign in',
    lead: `Welcome back to ${PRODUCT_NAME}.`,
    switchText: 'New here?',
    switchAction: 'Create an account',
  },
  register: {
    title: 'Create your account',
    lead: 'Start understanding concepts in two minutes.',
    switchText: 'Already have an account?',
    switchAction: 'Sign in',
  },
};

/** /login: the sign-in and registration forms on one screen (SPEC.md §2). */
export function LoginPage() {
  const token = useAuth((s) => s.token);
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [registered, setRegistered] = useState<Registered | null>(null);
  const [signInName, setSignInName] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Focus follows a switch the user made, never the first render.
  const [focusToken, setFocusToken] = useState(0);
  const mode: Mode = params.get('register') === 'true' ? 'register' : 'login';

  useEffect(() => {
    if (focusToken > 0) headingRef.current?.focus();
  }, [focusToken]);

  if (token) {
    return (
      <Navigate
        to={redirectTarget(location.state)}
        replace
        state={forwardedState(location.state)}
      />
    );
  }

  const switchTo = (next: Mode) => {
    setRegistered(null);
    setFocusToken((n) => n + 1);
    // The mode lives in the URL, so reloads and shared links keep it; the state keeps redirectTo.
    setParams(
      (current) => {
        const nextParams = new URLSearchParams(current);
        if (next === 'register') nextParams.set('register', 'true');
        else nextParams.delete('register');
        return nextParams;
      },
      { replace: true, state: location.state },
    );
  };

  const onSignedIn = () =>
    navigate(redirectTarget(location.state), {
      replace: true,
      state: forwardedState(location.state),
    });

  const onRegistered = (message: string, username: string) => {
    setRegistered({ message, username });
    setSignInName(username);
    setFocusToken((n) => n + 1);
  };

  const copy = COPY[mode];
  return (
    <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-8 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {registered ? (
          <RegisterSuccess
            message={registered.message}
            headingRef={headingRef}
            onGoToLogin={() => switchTo('login')}
          />
        ) : (
          <>
            <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
              {copy.title}
            </h1>
            <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-400">{copy.lead}</p>
            {mode === 'register' ? (
              <RegisterForm onRegistered={onRegistered} />
            ) : (
              <>
                <SignInForm initialIdentifier={signInName} onSignedIn={onSignedIn} />
                <PasskeySignIn onSignedIn={onSignedIn} />
              </>
            )}
            <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
              {copy.switchText}{' '}
              <button
                type="button"
                onClick={() => switchTo(mode === 'register' ? 'login' : 'register')}
                className="font-semibold text-indigo-600 hover:underline dark:text-indigo-400"
              >
                {copy.switchAction}
              </button>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
