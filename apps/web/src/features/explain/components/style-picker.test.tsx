import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuth } from '../../../lib/auth-store.ts';
import { useSettings } from '../../settings/settings-store.ts';
import { makeUser } from '../testing/fixtures.ts';
import { StylePicker } from './style-picker.tsx';

function renderPicker(plan: string) {
  useAuth.setState({ user: makeUser(plan), token: 'tok', loginTime: Date.now() });
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<StylePicker />} />
        <Route path="/pricing" element={<h1>Pricing page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('StylePicker', () => {
  beforeEach(() => useSettings.setState({ promptTemplate: 'default' }));
  afterEach(() => useAuth.setState({ user: null, token: null, loginTime: null }));

  it('lists the six selectable styles with the default checked and no note', () => {
    renderPicker('free');
    const options = screen.getAllByRole('button', { pressed: false });
    expect(options).toHaveLength(5);
    expect(screen.getByRole('button', { pressed: true })).toHaveTextContent('Standard');
    expect(screen.getByRole('button', { pressed: true })).toHaveTextContent('Selected');
    expect(screen.queryByText(/style to explain concepts/)).toBeNull();
  });

  it('shows Premium badges to a Free user and sends them to /pricing', async () => {
    renderPicker('Free');
    expect(screen.getAllByText('Premium')).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: /Storytelling/ }));
    expect(screen.getByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
    expect(useSettings.getState().promptTemplate).toBe('default');
  });

  it('lets a Pro user choose, closes the grid and names the style', async () => {
    renderPicker('PRO');
    expect(screen.queryByText('Premium')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Q&A Format/ }));
    expect(useSettings.getState().promptTemplate).toBe('questionAnswer');
    expect(screen.getByText('Using Q&A Format style to explain concepts')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: /Explanation style: Q&A Format/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: /Q&A Format/, pressed: true })).toBeVisible();
  });

  it('shows a Free user the default when a premium style was saved on Pro', () => {
    useSettings.setState({ promptTemplate: 'storytelling' });
    renderPicker('free');
    expect(screen.getByRole('button', { pressed: true })).toHaveTextContent('Standard');
  });
});
