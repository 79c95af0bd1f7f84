import { ACCOUNT_LABELS } from '@grasp/contract';
import { useAuth } from '../../lib/auth-store.ts';
import { DeleteAccountSection } from './components/delete-account-section.tsx';
import { EmailSection } from './components/email-section.tsx';
import { ExportSection } from './components/export-section.tsx';
import { PasskeysSection } from './components/passkeys-section.tsx';
import { PinSection } from './components/pin-section.tsx';
import { ProfileSection } from './components/profile-section.tsx';
import { SessionsSection } from './components/sessions-section.tsx';

/** /account (DESIGN.md §14): what the learner registered, their sessions, their data. */
export function AccountPage() {
  const user = useAuth((s) => s.user);
  if (!user) return null;
  return (
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">{ACCOUNT_LABELS.title}</h1>
      <p className="mt-1 mb-6 text-slate-600 dark:text-slate-300">
        Signed in as @{user.username}. Every change here is confirmed to your email.
      </p>
      <div className="space-y-6">
        <ProfileSection user={user} />
        <EmailSection email={user.email} />
        <PinSection />
        <PasskeysSection />
        <SessionsSection />
        <ExportSection />
        <DeleteAccountSection username={user.username} />
      </div>
    </main>
  );
}
