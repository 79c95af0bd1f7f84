import { useId } from 'react';
import { ContactDetails } from '../components/support/contact-details.tsx';
import { useSupportContact } from '../components/support/support-contact.ts';
import { useDropdown } from '../components/ui/use-dropdown.ts';
import { iconButtonClass } from './mobile-menu.tsx';
import { ContactIcon } from './nav-icons.tsx';

/** The header's contact popover: the support email and phone (SPEC.md §2), fetched on first open. */
export function ContactPopover() {
  const { open, toggle, rootRef, buttonRef } = useDropdown();
  const contact = useSupportContact(open);
  const panelId = useId();
  const headingId = useId();
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Contact support"
        title="Contact support"
        onClick={toggle}
        className={iconButtonClass}
      >
        <ContactIcon />
      </button>
      <section
        id={panelId}
        hidden={!open}
        aria-labelledby={headingId}
        // On a phone the panel spans the screen; from sm up it hangs under its button.
        className="fixed inset-x-4 top-[4.5rem] z-50 rounded-xl border border-slate-200 bg-white p-4 shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-72 dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id={headingId} className="mb-2 font-semibold">
          Contact support
        </h2>
        <ContactDetails state={contact} />
      </section>
    </div>
  );
}
