import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS_STORAGE_KEY, useSettings } from './settings-store.ts';
import { ThemeToggle } from './theme-toggle.tsx';

describe('ThemeToggle', () => {
  beforeEach(() => useSettings.setState({ darkMode: false }));

  it('switches to dark mode and persists the choice', async () => {
    render(<ThemeToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(useSettings.getState().darkMode).toBe(true);
    const saved = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}');
    expect(saved.state.darkMode).toBe(true);
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
  });

  it('keeps the defaults of SPEC.md §3 for the other settings', () => {
    const { difficulty, aiProvider, promptTemplate } = useSettings.getState();
    expect({ difficulty, aiProvider, promptTemplate }).toEqual({
      difficulty: 'beginner',
      aiProvider: 'remote-google',
      promptTemplate: 'default',
    });
  });
});
