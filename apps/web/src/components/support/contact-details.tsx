import { telHref } from '@grasp/contract';
import { StrokeIcon } from '../ui/stroke-icon.tsx';
import type { SupportContactState } from './support-contact.ts';

const ICONS = {
  email: 'M4 6h16v12H4zM4 7l8 6 8-6',
  phone:
    'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
} as const;

function Item({
  kind,
  label,
  href,
  text,
}: {
  kind: keyof typeof ICONS;
  label: string;
  href: string;
  text: string;
}) {
  return (
    <li className="flex items-center gap-3">
      <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700 dark:bg-indigo-900/60 dark:text-indigo-200">
        <StrokeIcon d={ICONS[kind]} />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-slate-600 dark:text-slate-300">{label}</p>
        <p>
          <a
            href={href}
            className="font-medium break-all text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          >
            {text}
          </a>
        </p>
      </div>
    </li>
  );
}

/** The support email and phone as links; shared by the contact popover, landing and legal pages. */
export function ContactDetails({ state }: { state: SupportContactState }) {
  if (state.status !== 'ready') {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {state.status === 'loading'
          ? 'Loading contact details…'
          : 'Contact details could not be loaded. Please try again later.'}
      </p>
    );
  }
  const { supportEmail, supportPhone } = state.contact;
  return (
    <ul className="grid gap-4">
      <Item kind="email" label="Email" href={`mailto:${supportEmail}`} text={supportEmail} />
      <Item kind="phone" label="Phone" href={telHref(supportPhone)} text={supportPhone} />
    </ul>
  );
}
