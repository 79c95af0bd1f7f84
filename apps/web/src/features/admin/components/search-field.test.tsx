import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchField } from './search-field.tsx';

function renderField(onSearch: (value: string) => void) {
  render(
    <>
      <SearchField label="Search" value="" onSearch={onSearch} />
      {/* A result's link; the router would take it, jsdom must not. */}
      <a href="/admin/users/u1" onClick={(event) => event.preventDefault()}>
        learner1
      </a>
    </>,
  );
  return userEvent.setup();
}

/** Past the pause that starts a search: what is not asked by then is never asked. */
const pause = () =>
  act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100)));

describe('SearchField', () => {
  it('searches once typing pauses', async () => {
    const onSearch = vi.fn();
    const user = renderField(onSearch);
    await user.type(screen.getByLabelText('Search'), 'ada');
    await pause();
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('ada');
  });

  it('drops the waiting search when a link is clicked before the pause: the page is being left', async () => {
    const onSearch = vi.fn();
    const user = renderField(onSearch);
    await user.type(screen.getByLabelText('Search'), 'ada');
    await user.click(screen.getByRole('link', { name: 'learner1' }));
    await pause();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('keeps the search for a click that opens the link elsewhere, or for typing after the click', async () => {
    const onSearch = vi.fn();
    const user = renderField(onSearch);
    await user.type(screen.getByLabelText('Search'), 'ada');
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'learner1' }));
    await user.keyboard('{/Control}');
    await pause();
    expect(onSearch).toHaveBeenLastCalledWith('ada');

    await user.type(screen.getByLabelText('Search'), 'x');
    await user.click(screen.getByRole('link', { name: 'learner1' }));
    await user.type(screen.getByLabelText('Search'), 'y');
    await pause();
    expect(onSearch).toHaveBeenLastCalledWith('adaxy');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('searches a dropped text typed again on a page that stayed', async () => {
    const onSearch = vi.fn();
    const user = renderField(onSearch);
    const box = screen.getByLabelText('Search');
    await user.type(box, 'ada');
    await user.click(screen.getByRole('link', { name: 'learner1' }));
    await pause();
    await user.type(box, 'x');
    await pause();
    await user.type(box, '{Backspace}');
    await pause();
    expect(onSearch.mock.calls).toEqual([['adax'], ['ada']]);
  });
});
