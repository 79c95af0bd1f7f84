import { PROFILE_MENU_LABELS, planName, type User } from '@grasp/contract';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { useDropdown } from '../../components/ui/use-dropdown.ts';
import { paths } from '../../config/paths.ts';
import { Avatar } from './components/avatar.tsx';
import { ChevronDownIcon } from './components/icons.tsx';
import { isStaff } from './lib/staff.ts';

interface ProfileMenuProps {
  user: User;
  onSignOut: () => void;
}

const ITEM =
  'w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800';

/** Moves focus between the menu's items with the arrow, Home and End keys (ARIA menu pattern). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  if (items.length === 0) return;
  const current = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const next: Record<string, number> = {
    ArrowDown: current >= last ? 0 : current + 1,
    ArrowUp: current <= 0 ? last : current - 1,
    Home: 0,
    End: last,
  };
  const index = next[event.key];
  if (index === undefined) return;
  event.preventDefault();
  items[index]?.focus();
}

/**
 * Avatar button and its menu: who is signed in, on which plan, their classes (DESIGN.md §13),
 * the reminder settings, the account page and "Sign out" (SPEC.md §2).
 */
export function ProfileMenu({ user, onSignOut }: ProfileMenuProps) {
  const { open, toggle, close, rootRef, buttonRef } = useDropdown();
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const displayName = user.fullName || user.name || user.username;

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const signOut = () => {
    close();
    onSignOut();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Profile menu for ${displayName}`}
        onClick={toggle}
        className="flex items-center gap-1 rounded-full p-0.5 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Avatar src={user.avatar} />
        <ChevronDownIcon className="hidden h-4 w-4 sm:block" />
      </button>
      {open ? (
        <div className="absolute right-0 z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          <div className="border-b border-slate-200 px-3 py-2 dark:border-slate-700">
            <p className="truncate font-semibold">{displayName}</p>
            <p className="truncate text-sm text-slate-500 dark:text-slate-400">@{user.username}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              Plan: {planName(user.plan)}
            </p>
          </div>
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label="Account"
            onKeyDown={moveFocus}
            className="py-1"
          >
            {/* Every signed-in user: a learner joins a class by code, an Enterprise teacher runs one. */}
            <Link to={paths.classes} role="menuitem" onClick={close} className={`block ${ITEM}`}>
              {PROFILE_MENU_LABELS.classes}
            </Link>
            <Link to={paths.reminders} role="menuitem" onClick={close} className={`block ${ITEM}`}>
              {PROFILE_MENU_LABELS.reminders}
            </Link>
            <Link to={paths.account} role="menuitem" onClick={close} className={`block ${ITEM}`}>
              {PROFILE_MENU_LABELS.account}
            </Link>
            {isStaff(user) ? (
              <Link to={paths.admin} role="menuitem" onClick={close} className={`block ${ITEM}`}>
                Admin
              </Link>
            ) : null}
            <button type="button" role="menuitem" onClick={signOut} className={ITEM}>
              {PROFILE_MENU_LABELS.signOut}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
