import type { AdminUserRow, AdminUsersResponse } from '@grasp/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../testing/api-fixtures.ts';
import { UsersPage } from './users-page.tsx';

const USERS = '/api/admin/users';

const row = (n: number): AdminUserRow => ({
  id: `u${n}`,
  username: `learner${n}`,
  email: `learner${n}@example.org`,
  mobile: '9876543210',
  fullName: `Learner ${n}`,
  plan: 'free',
  role: 'user',
  disabled: false,
  createdAt: '2026-11-20T10:00:00.000Z',
});

const page = (users: AdminUserRow[], pageNo = 1, total = 60): AdminUsersResponse => ({
  users,
  page: pageNo,
  pageSize: 25,
  total,
});

function Address() {
  const { search } = useLocation();
  return <output aria-label="address">{search}</output>;
}

function renderPage(start = '/admin/users') {
  return render(
    <MemoryRouter initialEntries={[start]}>
      <UsersPage />
      <Address />
    </MemoryRouter>,
  );
}

/** The query of every request made to the users list, in order. */
const asked = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://x'))
    .filter((url) => url.pathname === USERS)
    .map((url) => Object.fromEntries(url.searchParams));

describe('UsersPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answerPages = () =>
    stubApi({
      [USERS]: (url) => {
        const params = new URL(url, 'http://x').searchParams;
        return json(page([row(1), row(2)], Number(params.get('page') ?? 1)));
      },
    });

  it('asks for the newest accounts first, and searches once typing pauses', async () => {
    const fetchMock = answerPages();
    renderPage();
    await screen.findByRole('link', { name: 'learner1' });
    expect(asked(fetchMock)).toEqual([{ sort: 'createdAt', order: 'desc', page: '1' }]);

    await userEvent.type(screen.getByLabelText('Search by username, email or mobile'), 'asha');
    await vi.waitFor(() => expect(asked(fetchMock)).toHaveLength(2));
    expect(asked(fetchMock)[1]).toEqual({ q: 'asha', sort: 'createdAt', order: 'desc', page: '1' });
    expect(screen.getByLabelText('address')).toHaveTextContent('?q=asha');
  });

  it('sorts on the server by the header chosen, ascending then descending', async () => {
    const fetchMock = answerPages();
    renderPage('/admin/users?q=asha');
    await screen.findByRole('link', { name: 'learner1' });
    await userEvent.click(screen.getByRole('button', { name: /Username/ }));
    await vi.waitFor(() => expect(asked(fetchMock)).toHaveLength(2));
    expect(asked(fetchMock)[1]).toEqual({ q: 'asha', sort: 'username', order: 'asc', page: '1' });
    expect(screen.getByRole('columnheader', { name: /Username/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(screen.getByRole('button', { name: /Username/ }));
    await vi.waitFor(() => expect(asked(fetchMock)).toHaveLength(3));
    expect(asked(fetchMock)[2]).toMatchObject({ sort: 'username', order: 'desc' });
  });

  it('pages on the server, and a new search starts again at page 1', async () => {
    const fetchMock = answerPages();
    renderPage('/admin/users?sort=username&order=desc');
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pager).toHaveTextContent('Page 1 of 3 · 60 in all');
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(asked(fetchMock)).toHaveLength(2));
    expect(asked(fetchMock)[1]).toEqual({ sort: 'username', order: 'desc', page: '2' });
    expect(await within(pager).findByText(/Page 2 of 3/)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search by username, email or mobile'), 'r');
    await vi.waitFor(() => expect(asked(fetchMock)).toHaveLength(3));
    expect(asked(fetchMock)[2]).toEqual({ q: 'r', sort: 'username', order: 'desc', page: '1' });
  });

  it('starts from the address: a shared link shows the same page', async () => {
    const fetchMock = stubApi({ [USERS]: () => json(page([row(3)], 2)) });
    renderPage('/admin/users?q=learner&sort=email&order=asc&page=2');
    await screen.findByRole('link', { name: 'learner3' });
    expect(asked(fetchMock)).toEqual([{ q: 'learner', sort: 'email', order: 'asc', page: '2' }]);
    expect(screen.getByLabelText('Search by username, email or mobile')).toHaveValue('learner');
  });

  it('says so when nothing matches, and offers a retry when the list cannot load', async () => {
    let fail = true;
    stubApi({
      [USERS]: () => (fail ? json({ message: 'Something went wrong' }, 500) : json(page([], 1, 0))),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No accounts match.')).toBeInTheDocument();
  });
});
