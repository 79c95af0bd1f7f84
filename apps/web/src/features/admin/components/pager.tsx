import { Button } from '../../../components/ui/button.tsx';
import { count } from '../lib/format.ts';

/** "Page 2 of 7 · 160 in all" with Previous and Next; hidden when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm dark:border-slate-800"
    >
      <p className="text-slate-600 dark:text-slate-300">
        Page {Math.min(page, pages)} of {pages} · {count(total)} in all
      </p>
      {pages > 1 ? (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
