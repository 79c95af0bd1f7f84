import { MATERIAL_ERROR_CODES, MATERIAL_MESSAGES, type MaterialList } from '@grasp/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../testing/api-fixtures.ts';
import { MaterialPanel } from './components/material-panel.tsx';

const NOTES = {
  materialId: 'm1',
  title: 'Biology notes',
  pages: 2,
  chars: 420,
  createdAt: '2026-11-26T00:00:00Z',
};

function stub(materials: MaterialList['materials'], limit: number | null = 3) {
  const state = { materials: [...materials] };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') return json({ materials: state.materials, limit });
    if (method === 'DELETE') {
      state.materials = state.materials.filter((m) => !url.endsWith(m.materialId));
      return json({ deleted: true });
    }
    const body = JSON.parse(String(init?.body)) as { title?: string; text: string };
    if (state.materials.length >= 3) {
      return json(
        {
          success: false,
          code: 'MATERIAL_LIMIT',
          message: 'You can keep 3 materials on the Free plan.',
        },
        403,
      );
    }
    const added = {
      materialId: 'm2',
      title: body.title ?? 'Pasted',
      chars: body.text.length,
      createdAt: '2026-11-26T01:00:00Z',
    };
    state.materials.unshift(added);
    return json(added);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** XMLHttpRequest as the upload uses it, answering each request with the next of `answers`. */
function fakeUploads(answers: { status: number; body: unknown }[]) {
  const sent: unknown[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    timeout = 0;
    upload: { onprogress?: unknown; onload?: () => void } = {};
    onload?: () => void;
    onerror?: () => void;
    ontimeout?: () => void;
    onabort?: () => void;
    open() {}
    setRequestHeader() {}
    abort() {}
    send(body: unknown) {
      sent.push(body);
      const answer = answers.shift() ?? { status: 500, body: {} };
      setTimeout(() => {
        this.upload.onload?.();
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const refusal = (code: string, message: string) => ({ success: false, code, message });

function renderPanel(onDistil = vi.fn()) {
  render(
    <MemoryRouter initialEntries={['/distiller']}>
      <Routes>
        <Route
          path="/distiller"
          element={<MaterialPanel activeId={null} distilling={false} onDistil={onDistil} />}
        />
        <Route path="/pricing" element={<h1>Pricing page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return onDistil;
}

describe('MaterialPanel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says when there is no material yet, and offers a PDF or pasted text', async () => {
    stub([]);
    renderPanel();
    expect(await screen.findByText(MATERIAL_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.getByLabelText(/Drop a PDF here/)).toHaveAttribute('type', 'file');
    expect(screen.getByRole('heading', { name: 'Your material' })).toBeInTheDocument();
  });

  it('adds pasted text and distils it at once', async () => {
    stub([]);
    const onDistil = renderPanel();
    await screen.findByText(MATERIAL_MESSAGES.empty);
    await userEvent.click(screen.getByText('Or paste text'));
    await userEvent.click(screen.getByRole('button', { name: 'Add text' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MATERIAL_MESSAGES.emptyText);
    await userEvent.click(screen.getByLabelText(/Title/));
    await userEvent.paste('Cells');
    await userEvent.click(screen.getByLabelText('Text'));
    await userEvent.paste('Mitochondria make ATP.');
    await userEvent.click(screen.getByRole('button', { name: 'Add text' }));
    await waitFor(() =>
      expect(onDistil).toHaveBeenCalledWith({ materialId: 'm2', title: 'Cells' }),
    );
    expect(await screen.findByText('Cells')).toBeInTheDocument();
  });

  it('deletes a material only after a confirmation that says what is kept', async () => {
    const fetchMock = stub([NOTES]);
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Your materials' });
    expect(within(list).getByText('PDF · 2 pages · 420 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Biology notes' }));
    expect(screen.getByText(MATERIAL_MESSAGES.deleteConfirm)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Biology notes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText(MATERIAL_MESSAGES.empty)).toBeInTheDocument();
  });

  it('at the plan’s limit shows the message and the way up', async () => {
    stub([NOTES, { ...NOTES, materialId: 'a' }, { ...NOTES, materialId: 'b' }]);
    renderPanel();
    await screen.findByText('3 of 3 kept on your plan');
    await userEvent.click(screen.getByText('Or paste text'));
    await userEvent.click(screen.getByLabelText('Text'));
    await userEvent.paste('One more chapter.');
    await userEvent.click(screen.getByRole('button', { name: 'Add text' }));
    expect(
      await screen.findByText('You can keep 3 materials on the Free plan.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade Plan' }));
    expect(await screen.findByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
  });

  it('shows a PDF refusal clearly: busy readers offer to try again, too many pages to paste', async () => {
    stub([]);
    const sent = fakeUploads([
      { status: 503, body: refusal(MATERIAL_ERROR_CODES.busy, MATERIAL_MESSAGES.busy) },
      { status: 200, body: { materialId: 'm9', title: 'notes', pages: 2, chars: 420 } },
      {
        status: 422,
        body: refusal(MATERIAL_ERROR_CODES.tooManyPages, MATERIAL_MESSAGES.tooManyPages),
      },
    ]);
    const onDistil = renderPanel();
    await screen.findByText(MATERIAL_MESSAGES.empty);
    const pdf = new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText(/Drop a PDF here/), pdf);
    const busy = await screen.findByRole('alert');
    expect(busy).toHaveTextContent(MATERIAL_MESSAGES.busy);
    await userEvent.click(within(busy).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(onDistil).toHaveBeenCalledWith({ materialId: 'm9', title: 'notes' }),
    );
    expect(sent).toHaveLength(2);
    await userEvent.upload(screen.getByLabelText(/Drop a PDF here/), pdf);
    const tooLong = await screen.findByRole('alert');
    expect(tooLong).toHaveTextContent(MATERIAL_MESSAGES.tooManyPages);
    expect(within(tooLong).queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(within(tooLong).getByRole('button', { name: 'Paste text instead' }));
    expect(screen.getByLabelText('Text')).toHaveFocus();
  });
});
