import { PRODUCT_NAME } from '@grasp/contract';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';

export function LandingPage() {
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
        Understand any concept in two minutes
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-400">
        {PRODUCT_NAME} turns any idea into a short, structured, timed explanation in the style and
        level you choose.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to={paths.register} className={buttonClass('primary')}>
          Get Started
        </Link>
        <Link to={paths.login} className={buttonClass('secondary')}>
          Log In
        </Link>
      </div>
    </main>
  );
}
