import { isFreePlan } from '@grasp/contract';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { useSignOut } from './use-sign-out.ts';

/** "Upgrade to Pro" only for Free users (any case), shown beside the avatar menu. */
export function UpgradeLink({ plan }: { plan: string }) {
  if (!isFreePlan(plan)) return null;
  return (
    <Link
      to={paths.pricing}
      className="inline-flex items-center rounded-lg bg-amber-400 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-slate-900 hover:bg-amber-300"
    >
      Upgrade to Pro
    </Link>
  );
}

/** The header's right-hand side for a signed-in user; loaded on demand by the header. */
export function SignedInControls() {
  const user = useAuth((s) => s.user);
  const signOut = useSignOut();
  if (!user) return null;
  return (
    <div className="flex items-center gap-2">
      <UpgradeLink plan={user.plan} />
      <ProfileMenu user={user} onSignOut={signOut} />
    </div>
  );
}
