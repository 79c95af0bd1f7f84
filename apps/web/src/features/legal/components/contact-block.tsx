import { ContactDetails } from '../../../components/support/contact-details.tsx';
import { useSupportContact } from '../../../components/support/support-contact.ts';

/** The support email and phone as the server is configured, inside a legal page. */
export function ContactBlock() {
  const contact = useSupportContact();
  return (
    <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <ContactDetails state={contact} />
    </div>
  );
}
