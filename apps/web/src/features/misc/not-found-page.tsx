import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';

export function NotFoundPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // With nothing to go back to in this tab, "back" would do nothing; go home instead. Asked on
  // the click: the page is also rendered where there is no window (prerender.mjs).
  const goBack = () =>
    location.key !== 'default' || window.history.length > 1 ? navigate(-1) : navigate(paths.home);
  return (
    <main
      id="main"
      className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center"
    >
      <p className="text-6xl font-extrabold text-indigo-600 dark:text-indigo-400">404</p>
      <h1 className="mt-4 text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="mt-8 flex gap-3">
        <Button variant="secondary" onClick={goBack}>
          Go Back
        </Button>
        <Button onClick={() => navigate(paths.home)}>Go Home</Button>
      </div>
    </main>
  );
}
