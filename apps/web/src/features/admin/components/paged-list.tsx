import type { ReactNode } from 'react';
import type { Loaded } from '../hooks/use-load.ts';
import { Pager } from './pager.tsx';
import { card, Empty, Failed, Loading } from './states.tsx';

interface Page {
  page: number;
  pageSize: number;
  total: number;
}

/**
 * One page of a console list in its card: the failure with Try again, the first load, the empty
 * message, or the rows (drawn by `children`, told when the next page is loading) and the pager.
 */
export function PagedList<T extends Page, Row>({
  loaded,
  rowsOf,
  loadingLabel,
  empty,
  onPage,
  children,
}: {
  loaded: Loaded<T>;
  rowsOf: (data: T) => Row[];
  loadingLabel: string;
  empty: ReactNode;
  onPage: (page: number) => void;
  children: (rows: Row[], busy: boolean) => ReactNode;
}) {
  const data = loaded.data;
  return (
    <div className={card}>
      {loaded.status === 'error' ? (
        <div className="p-4">
          <Failed message={loaded.error?.message} retry={loaded.reload} />
        </div>
      ) : !data ? (
        <Loading label={loadingLabel} />
      ) : rowsOf(data).length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <>
          {children(rowsOf(data), loaded.status === 'loading')}
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} />
        </>
      )}
    </div>
  );
}
