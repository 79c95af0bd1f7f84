import { formatPrice, PLANS } from '@grasp/contract';

const FAQ = [
  {
    question: 'What counts as a concept?',
    answer:
      'Each explanation or distillation you receive uses one concept from your monthly allowance. Asking for the same concept again, in the same style and level, within the month is free.',
  },
  {
    question: 'Do unused concepts roll over?',
    answer:
      'No. Your allowance resets at the start of each billing cycle, and unused concepts do not carry over.',
  },
  {
    question: 'How does paying for Pro work?',
    answer: `You pay ${formatPrice(PLANS.pro.price ?? 0)} once for one month of Pro, starting the moment the payment succeeds. It does not renew by itself: after a month you are back on Free unless you pay again.`,
  },
  {
    question: 'Can I get a refund?',
    answer: 'Yes. Refunds are credited to your original payment method within 7-10 working days.',
  },
  {
    question: 'What do I get with Enterprise?',
    answer:
      'Unlimited concepts for a team or institution, with dedicated support. Write to us and we will put together a price.',
  },
] as const;

/** Native disclosure widgets: keyboard and screen-reader support come with the browser. */
export function PricingFaq() {
  return (
    <section aria-labelledby="faq-heading" className="mt-16">
      <h2 id="faq-heading" className="text-2xl font-bold tracking-tight">
        Frequently asked questions
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {FAQ.map((item) => (
          <details key={item.question} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
              {item.question}
              <span
                aria-hidden="true"
                className="text-xl transition-transform group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
