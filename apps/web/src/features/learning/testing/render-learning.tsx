import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { learningSlots } from '../learning-slots.tsx';
import { EXPLANATION_ID, SECTIONS } from './learning-fixtures.ts';

/** A stand-in for the page showing an explanation: section cards with the slots, then the rest. */
function Explanation({
  suggestedQuestions,
  onChooseProvider,
}: {
  suggestedQuestions: readonly string[];
  onChooseProvider?: () => void;
}) {
  const slots = learningSlots({
    explanationId: EXPLANATION_ID,
    query: 'Gravity',
    suggestedQuestions,
    onChooseProvider,
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

export function renderLearning(
  options: { suggestedQuestions?: readonly string[]; onChooseProvider?: () => void } = {},
) {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route
          path="/dashboard"
          element={
            <Explanation
              suggestedQuestions={options.suggestedQuestions ?? []}
              onChooseProvider={options.onChooseProvider}
            />
          }
        />
        <Route path="/pricing" element={<h1>Pricing page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}
