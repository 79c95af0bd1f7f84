import { telHref } from '@grasp/contract';
import { MailIcon, PhoneIcon } from './icons.tsx';

const linkClass =
  'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800';

export function HelpSection({ email, phone }: { email: string; phone: string }) {
  return (
    <section
      aria-labelledby="help-heading"
      className="mt-16 rounded-2xl bg-indigo-50 p-6 sm:p-8 dark:bg-indigo-950/50"
    >
      <h2 id="help-heading" className="text-2xl font-bold tracking-tight">
        Need help choosing?
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Questions about plans, payments or refunds? We answer every message.
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <a href={`mailto:${email}`} className={linkClass}>
          <MailIcon />
          {email}
        </a>
        <a href={telHref(phone)} className={linkClass}>
          <PhoneIcon />
          {phone}
        </a>
      </div>
    </section>
  );
}
