import { formatPrice, PLANS, PRODUCT_NAME } from '@grasp/contract';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ContactBlock } from './components/contact-block.tsx';
import { Bullets, LegalDocument, type LegalSection } from './components/legal-document.tsx';

const link = 'font-medium text-indigo-700 hover:underline dark:text-indigo-300';
const { free, pro, enterprise } = PLANS;

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement',
    body: (
      <p>
        These terms govern your use of {PRODUCT_NAME}, a service that explains concepts in about two
        minutes. By creating an account, or by using the service without one, you agree to them. If
        you do not agree, please do not use {PRODUCT_NAME}.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use Grasp',
    body: (
      <p>
        {PRODUCT_NAME} is not intended for children under 13, and you must be at least 13 years old
        to register. If you are under the age of majority where you live, you may use the service
        only with the consent of a parent or guardian, who accepts these terms for you.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <>
        <p>
          You register with a username, your full name, an email address, a 10-digit mobile number
          and a 4-digit PIN, and you confirm your email address before you can sign in. You agree to
          give accurate details and to keep them up to date.
        </p>
        <Bullets
          items={[
            'Keep your PIN secret. You are responsible for what happens under your account.',
            'A sign-in lasts at most four hours; after that you sign in again.',
            'Repeated wrong PINs slow further attempts down for a while, to protect your account.',
            'One account per person. Do not share or sell accounts.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'plans',
    title: 'Plans and units',
    body: (
      <>
        <Bullets
          items={[
            `${free.name}: ${formatPrice(0)}, ${free.monthlyUnits} concepts per billing cycle, basic styles.`,
            `${pro.name}: ${formatPrice(pro.price ?? 0)} per month, ${pro.monthlyUnits} concepts per billing cycle and every style.`,
            `${enterprise.name}: unlimited concepts, priced by agreement with our sales team.`,
          ]}
        />
        <p>
          Each explanation or distillation you receive uses one unit. Asking again for the same
          concept, in the same style and at the same level, within a cycle costs nothing. A cycle
          lasts one calendar month from its start: your registration for {free.name}, your payment
          for {pro.name}. Unused concepts do not roll over; the count resets each billing cycle. A{' '}
          {pro.name} cycle that is not renewed falls back to {free.name}. Premium explanation styles
          need a paid plan.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <p>
        Payments for {pro.name} are taken by our payment gateway on its own secure page; we never
        see or store your card, UPI or bank details. Prices are in Indian Rupees (₹). Your plan is
        upgraded once the gateway confirms the payment, and a payment upgrades your plan only once,
        however often it is reported. Plans do not renew automatically: you pay again for each new{' '}
        {pro.name} month.
      </p>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <p>
        If you were charged in error, or money left your account but the payment failed, contact us
        with the transaction id shown on the payment page. Approved refunds are credited to the
        original payment method within 7–10 working days.
      </p>
    ),
  },
  {
    id: 'ai-content',
    title: 'AI-generated explanations',
    body: (
      <p>
        Explanations are written by AI models or, where none is configured, by a built-in explainer
        based on the WordNet dictionary. They can be incomplete or wrong. They are for learning, not
        professional advice: check anything important (medical, legal, financial or safety matters
        in particular) with a qualified source.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <Bullets
        items={[
          'Do not use the service to break the law or to harm, harass or deceive anyone.',
          'Do not try to get around units, rate limits, the captcha or other safeguards.',
          'Do not probe, overload or attack the service, or collect its content automatically.',
          'Do not type other people’s personal data, or secrets of your own, into a query.',
        ]}
      />
    ),
  },
  {
    id: 'content',
    title: 'Your queries and our content',
    body: (
      <p>
        You keep the rights to what you type, and let us process it to give you explanations.
        Answers are stored so you can revisit them, and an answer may be reused for anyone who asks
        for the same concept in the same style and level. The {PRODUCT_NAME} name, design and
        software remain ours; you may use explanations for your own learning and teaching.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    body: (
      <p>
        We work to keep {PRODUCT_NAME} available but provide it as it is, without a guarantee of
        uninterrupted service. We may change or retire features. If we change these terms in a way
        that matters, we will say so on this page and, for significant changes, by email.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your use',
    body: (
      <p>
        You may stop using {PRODUCT_NAME} at any time and ask us to delete your account. We may
        suspend or close an account that breaks these terms, after a warning where that is
        reasonable.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability and law',
    body: (
      <p>
        As far as the law allows, our total liability to you is limited to the amount you paid us in
        the twelve months before the claim. Nothing in these terms limits rights you have as a
        consumer that cannot be limited. These terms are governed by the laws of India.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <>
        <p>Questions about these terms, a payment or a refund? Reach us here:</p>
        <ContactBlock />
      </>
    ),
  },
];

/** /terms (SPEC.md §2, §9). */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms and Conditions"
      updated="23 November 2026"
      intro={
        <p>
          The short version: be at least 13, keep your PIN safe, use {PRODUCT_NAME} fairly, and
          treat AI explanations as a starting point. How we handle your data is in our{' '}
          <Link to={paths.privacy} className={link}>
            Privacy Policy
          </Link>
          .
        </p>
      }
      sections={SECTIONS}
      related={{ to: paths.privacy, label: 'Privacy Policy' }}
    />
  );
}
