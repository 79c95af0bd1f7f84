import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionBar } from './action-bar.tsx';
import { ExplanationActionsContext } from './explanation-actions.ts';

function renderBar(added: React.ReactNode = null) {
  const onToggleAudio = vi.fn();
  const onRegenerate = vi.fn();
  const Added = ({ query, explanationId }: { query: string; explanationId: string }) => (
    <button type="button">{`Added for ${query} (${explanationId})`}</button>
  );
  render(
    <ExplanationActionsContext value={added === null ? null : Added}>
      <ActionBar
        query="Gravity"
        explanationId="e1"
        narration="idle"
        onToggleAudio={onToggleAudio}
        onRegenerate={onRegenerate}
      />
    </ExplanationActionsContext>,
  );
  return { onToggleAudio, onRegenerate };
}

describe('ActionBar', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints for Save as PDF, and runs audio and regenerate', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { onToggleAudio, onRegenerate } = renderBar();
    await userEvent.click(screen.getByRole('button', { name: 'Save as PDF' }));
    await userEvent.click(screen.getByRole('button', { name: 'Audio' }));
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(onToggleAudio).toHaveBeenCalledTimes(1);
    expect(onRegenerate).toHaveBeenCalledTimes(1);
  });

  it('shows the actions the app adds after its own, for this explanation', () => {
    renderBar(true);
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Audio', 'Regenerate', 'Save as PDF', 'Added for Gravity (e1)']);
  });

  it('shows only its own actions where the app adds none', () => {
    renderBar();
    expect(screen.getAllByRole('button')).toHaveLength(3);
  });
});
