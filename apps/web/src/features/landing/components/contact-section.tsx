import { ContactDetails } from '../../../components/support/contact-details.tsx';
import { useSupportContact } from '../../../components/support/support-contact.ts';
import { Section } from './section.tsx';

export function ContactSection() {
  const contact = useSupportContact();
  return (
    <Section
      id="contact"
      size="[contain-intrinsic-size:auto_330px] lg:[contain-intrinsic-size:auto_310px]"
      title="Contact us"
      lead="Questions about plans, payments or a team licence? We answer within one working day."
      muted
    >
      <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
        <ContactDetails state={contact} />
      </div>
    </Section>
  );
}
