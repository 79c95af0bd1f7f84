import type { ICONS } from './icons.tsx';
import { Icon } from './icons.tsx';
import { Section } from './section.tsx';

const FEATURES: { icon: keyof typeof ICONS; title: string; text: string }[] = [
  {
    icon: 'styles',
    title: 'Six explanation styles',
    text: 'Standard, problem-solution, storytelling, building blocks, Q&A and exam format.',
  },
  {
    icon: 'levels',
    title: 'Three difficulty levels',
    text: 'Beginner, intermediate or advanced: the same idea, explained at your depth.',
  },
  {
    icon: 'timer',
    title: 'Timed sections',
    text: 'Every answer comes in short sections paced to fit a two-minute read.',
  },
  {
    icon: 'distill',
    title: 'Concept Distiller',
    text: 'Break a whole subject into the smaller concepts behind it, then explain each one.',
  },
  {
    icon: 'graph',
    title: 'Related concepts',
    text: 'Follow suggestions and concept maps to see how ideas connect.',
  },
  {
    icon: 'history',
    title: 'Your learning history',
    text: 'Revisit recent concepts, track your streak and switch to dark mode any time.',
  },
];

export function FeatureCards() {
  return (
    <Section
      id="features"
      size="[contain-intrinsic-size:auto_1560px] lg:[contain-intrinsic-size:auto_590px]"
      title="Everything you need to learn fast"
      lead="Clear, honest explanations shaped around how people actually learn."
      muted
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <li
            key={feature.title}
            className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
          >
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700 dark:bg-indigo-900/60 dark:text-indigo-200">
              <Icon name={feature.icon} className="h-6 w-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{feature.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
