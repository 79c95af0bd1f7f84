import { SUPPORT_CONTACT_META } from '@grasp/contract';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSupportContact, useSupportContact } from './support-contact.ts';

const served = { supportEmail: 'help@school.example', supportPhone: '+91 80 4000 5000' };

function addMeta(content: string): void {
  const meta = Object.assign(document.createElement('meta'), {
    name: SUPPORT_CONTACT_META,
    content,
  });
  document.head.append(meta);
}

describe('useSupportContact', () => {
  afterEach(() => {
    for (const meta of document.head.querySelectorAll('meta')) meta.remove();
    resetSupportContact();
    vi.unstubAllGlobals();
  });

  it('starts from the contact the server wrote into the page, without asking the API', () => {
    addMeta(JSON.stringify(served));
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useSupportContact());
    expect(result.current).toEqual({ status: 'ready', contact: served });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the API where the page has no contact (or an unreadable one)', async () => {
    addMeta('{not json');
    const fetch = vi.fn(async () => Response.json(served));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useSupportContact());
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', contact: served }));
    expect(fetch).toHaveBeenCalledOnce();
  });
});
