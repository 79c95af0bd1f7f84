import type { ProviderId } from '@grasp/contract';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { learningSlots } from '../learning-slots.tsx';
import { EXPLANATION_ID, SECTIONS } from './learning-fixtures.ts';

/** A stand-in for the page showing an explanation: section cards with the slots, then the rest. */
interface Options {
  suggestedQuestions?: readonly string[];
  onChooseProvider?: () => void;
  provider?: () => ProviderId | undefined;
}

function Explanation({ suggestedQuestions = [], ...host }: Options) {
  const slots = learningSlots({
    explanationId: EXPLANATION_ID,
    query: 'Gravity',
    suggestedQuestions,
    ...host,
  });
  return (
    <main>
      <ol aria-label="Explanation sections">
        {SECTIONS.map((title) => {
          const slot = slots.section({ title });
          return (
            <li key={title}>
              <article id={slot.id} tabIndex={-1} aria-label={title}>
                <h3>{title}</h3>
                <p>
                  Text of {title}.{slot.badge}
                </p>
                {slot.extra}
              </article>
            </li>
          );
        })}
      </ol>
      {slots.afterSections}
    </main>
  );
}

export function renderLearning(options: Options = {}) {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<Explanation {...options} />} />
        <Route path="/pricing" element={<h1>Pricing page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}
