import { Section } from './section.tsx';

const STEPS = [
  {
    title: 'Ask about any concept',
    text: 'Type a word, an idea or a question: photosynthesis, inflation, black holes.',
  },
  {
    title: 'Pick a style and a level',
    text: 'Standard, storytelling, Q&A and more, for beginners up to advanced learners.',
  },
  {
    title: 'Grasp it in two minutes',
    text: 'Read short, timed sections with related concepts to explore next.',
  },
] as const;

export function HowItWorks() {
  return (
    <Section
      id="how-it-works"
      size="[contain-intrinsic-size:auto_790px] lg:[contain-intrinsic-size:auto_340px]"
      title="How it works"
      lead="Three steps from curiosity to understanding."
    >
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map((step, i) => (
          <li
            key={step.title}
            className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
          >
            <span
              aria-hidden="true"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-indigo-600 text-lg font-bold text-white"
            >
              {i + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
