import type { Ref } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CheckCircleIcon } from './icons.tsx';

interface RegisterSuccessProps {
  message: string;
  onGoToLogin: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** Replaces the registration form once the server has accepted it (SPEC.md §2). */
export function RegisterSuccess({ message, onGoToLogin, headingRef }: RegisterSuccessProps) {
  return (
    <div className="text-center">
      <CheckCircleIcon className="mx-auto h-12 w-12 text-emerald-600 dark:text-emerald-400" />
      <h1 ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
        Check your email
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{message}</p>
      <Button onClick={onGoToLogin} className="mt-6 w-full">
        Go to Login
      </Button>
    </div>
  );
}
