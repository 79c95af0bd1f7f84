import { PRODUCT_NAME } from '@grasp/contract';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

export function Logo() {
  return (
    <Link
      to={paths.home}
      className="flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight"
    >
      <img src="/favicon.svg" alt="" width="28" height="28" />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
