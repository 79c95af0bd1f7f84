import { isFreePlan } from '@grasp/contract';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { ProfileMenu } from '../features/auth/profile-menu.tsx';
import { UpgradeLink } from '../features/auth/signed-in-controls.tsx';
import { useSignOut } from '../features/auth/use-sign-out.ts';
import { RecapsBadge, useRecapsCount } from '../features/learning/components/recaps-badge.tsx';
import { useAuth } from '../lib/auth-store.ts';
import { ContactPopover } from './contact-popover.tsx';
import { MobileMenu, navEntryClass } from './mobile-menu.tsx';
import { registerServiceWorker } from './service-worker.ts';

/** The four entries of SPEC.md §2, in order. */
export const SIGNED_IN_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.userDashboard, label: 'Dashboard' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.distiller, label: 'Distiller' },
] as const;

/**
 * Which entry the current path belongs to. Home also covers the search dashboard, because a
 * signed-in user who follows Home (/) is sent on to /dashboard.
 */
export function isEntryActive(to: string, pathname: string): boolean {
  if (to === paths.home) return pathname === paths.home || pathname === paths.dashboard;
  return pathname === to || pathname.startsWith(`${to}/`);
}

function Entries({ inline, onFollow }: { inline: boolean; onFollow?: () => void }) {
  const { pathname } = useLocation();
  return SIGNED_IN_LINKS.map((link) => {
    const active = isEntryActive(link.to, pathname);
    return (
      <Link
        key={link.to}
        to={link.to}
        onClick={onFollow}
        aria-current={active ? 'page' : undefined}
        className={navEntryClass(active, inline)}
      >
        {link.label}
        {link.to === paths.userDashboard ? <RecapsBadge /> : null}
      </Link>
    );
  });
}

/** The signed-in bar's entries (SPEC.md §2), beside the logo. */
export function SignedInLinks() {
  return (
    <nav aria-label="Main" className="hidden gap-1 md:flex">
      <Entries inline />
    </nav>
  );
}

/** The contact popover, before the header's theme switch. */
export { ContactPopover as SignedInContact };

/**
 * The rest of the signed-in bar (SPEC.md §2), after the header's theme switch: Upgrade for Free
 * plans, the profile menu and the small screens' menu. Loaded on demand, with the entries and
 * the contact popover, so visitors on the landing page never download it.
 */
export function SignedInActions() {
  const user = useAuth((s) => s.user);
  const signOut = useSignOut();
  useRecapsCount(user !== null);
  useEffect(() => {
    if (user) registerServiceWorker();
  }, [user]);
  if (!user) return null;
  const free = isFreePlan(user.plan);
  return (
    <>
      {free ? (
        <div className="hidden sm:block">
          <UpgradeLink plan={user.plan} />
        </div>
      ) : null}
      <ProfileMenu user={user} onSignOut={signOut} />
      <MobileMenu
        extra={(close) =>
          free ? (
            <Link
              to={paths.pricing}
              onClick={close}
              className="mt-3 block rounded-lg bg-amber-400 px-3 py-2.5 text-center font-semibold text-slate-900 hover:bg-amber-300 sm:hidden"
            >
              Upgrade to Pro
            </Link>
          ) : null
        }
      >
        {(close) => <Entries inline={false} onFollow={close} />}
      </MobileMenu>
    </>
  );
}
