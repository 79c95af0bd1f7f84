import { PRODUCT_NAME } from '@grasp/contract';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ContactBlock } from './components/contact-block.tsx';
import { Bullets, LegalDocument, type LegalSection } from './components/legal-document.tsx';

const link = 'font-medium text-indigo-700 hover:underline dark:text-indigo-300';

const SECTIONS: LegalSection[] = [
  {
    id: 'collect',
    title: 'What we store about you',
    body: (
      <Bullets
        items={[
          <>
            <strong>Your account:</strong> username, full name, email address, 10-digit mobile
            number, plan, an optional avatar, and when you confirmed your email. Your PIN is never
            stored: we keep only an argon2id hash of it.
          </>,
          <>
            <strong>Sign-ins:</strong> a session record (when it started, when it expires, when you
            signed out), so that signing out takes effect at once; and a count of recent wrong PINs
            per account, cleared when you sign in, to slow down guessing.
          </>,
          <>
            <strong>What you learn:</strong> each explanation you receive (the concept, style,
            level, provider, the answer and the time) and each distillation (the subject, the
            concepts found and the time). They power your recent activity, history, figures and
            learning streak.
          </>,
          <>
            <strong>Usage cycles:</strong> your plan, when each cycle starts and ends, and how many
            units you used.
          </>,
          <>
            <strong>Payments:</strong> the transaction id, amount, product, status and the gateway’s
            reference and status reports. Card, UPI and bank details are entered on the payment
            gateway’s page and never reach us.
          </>,
          <>
            <strong>Page views:</strong> the page you open (its path, without any query string), the
            page you came from (also without its query string), the time and, when you are signed
            in, your user id. Nothing else: no IP address, no device fingerprint.
          </>,
          <>
            <strong>Captcha:</strong> registration uses ALTCHA, a proof-of-work puzzle your own
            browser solves, with no third party involved. We keep a fingerprint (hash) of each used
            captcha until it expires, so it cannot be used twice. Where an operator switches to
            Cloudflare Turnstile instead, Cloudflare runs that check under its own policy.
          </>,
        ]}
      />
    ),
  },
  {
    id: 'browser',
    title: 'What stays in your browser',
    body: (
      <p>
        {PRODUCT_NAME} uses your browser’s local storage, not cookies: your sign-in (your profile,
        the access token and the sign-in time, cleared on sign-out or after four hours), your
        settings (dark mode, level, provider and style) and your recently viewed concepts. So that
        you can review without a connection, the browser also keeps your due recaps, with their
        questions, and the answers you give offline until they reach us; both are deleted when you
        sign out. You can clear all of it at any time in your browser.
      </p>
    ),
  },
  {
    id: 'use',
    title: 'How we use it',
    body: (
      <Bullets
        items={[
          'To run your account, sign you in and keep it secure.',
          'To write, store and show your explanations, history and figures.',
          'To count units, apply your plan and process Pro payments.',
          'To send the email that confirms your address.',
          'To understand, in aggregate, which pages are used, so we can improve them.',
        ]}
      />
    ),
  },
  {
    id: 'ai',
    title: 'AI providers',
    body: (
      <p>
        To answer, the concept you type, with the chosen style and level, goes to the AI provider
        that writes the explanation: Google Gemini, OpenAI, Anthropic or a self-hosted Ollama model,
        depending on the configuration, or our built-in offline explainer, which sends nothing out.
        Your name, email, mobile number and other account details are never sent. Answers are cached
        and may be shown to anyone who asks for the same concept in the same style and level, so
        please keep personal details out of your queries.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who else sees it',
    body: (
      <>
        <p>
          We do not sell your data, show advertising or use third-party analytics, trackers or
          social widgets. Page views are counted by {PRODUCT_NAME} itself. Data reaches others only
          where needed to run the service:
        </p>
        <Bullets
          items={[
            'the AI provider, with the query as described above;',
            'the payment gateway, for the payments you start;',
            'the email service (an SMTP server) that delivers our emails; without one, emails stay in an outbox on our own server;',
            'our hosting provider, which stores the database; and',
            'authorities, where the law requires it.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        Account data, explanations, distillations, usage cycles and page views are kept while your
        account exists; payment records are kept as long as tax and accounting law requires.
        Sessions end after four hours, email confirmation links expire, and wrong-PIN counts are
        cleared on a successful sign-in. Our servers keep short-lived technical logs and per-address
        request counts to stop abuse.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        PINs are hashed with argon2id and guessing is throttled; confirmation links are stored only
        as hashes; sessions can be revoked at once; requests are rate-limited and protected by
        strict browser security headers. No system is perfectly secure, so please use a PIN that is
        not easy to guess and tell us at once if you suspect misuse.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your choices and rights',
    body: (
      <p>
        You do it yourself on your Account page, at once: download a copy of everything you keep
        here (one zip file with your profile, explanations, recaps, materials, classes, payments and
        invoices), correct your name, mobile number or email, see and sign out the devices signed in
        to your account, and delete your account. Deletion removes your data at once; tax invoices
        of payments you made are kept, as issued, for the period Indian tax law requires (CGST Act,
        section 36), and nothing else of you. A forgotten PIN is reset by a link sent to your email.
        For anything else, contact us from the email address of your account and we will answer
        within 30 days.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        {PRODUCT_NAME} is not for children under 13 and we do not knowingly collect their data. If
        you believe a child under 13 has registered, contact us and we will delete the account.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change what we collect or how we use it, we will update this page and its date, and
        tell you by email before a significant change takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <>
        <p>Questions or requests about your data? Reach us here:</p>
        <ContactBlock />
      </>
    ),
  },
];

/** /privacy (SPEC.md §2), true to what the product stores. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="23 November 2026"
      intro={
        <p>
          We collect what {PRODUCT_NAME} needs to explain concepts to you and nothing for
          advertising. This page lists exactly what we store, why, and for how long. Using the
          service also means accepting our{' '}
          <Link to={paths.terms} className={link}>
            Terms and Conditions
          </Link>
          .
        </p>
      }
      sections={SECTIONS}
      related={{ to: paths.terms, label: 'Terms and Conditions' }}
    />
  );
}
