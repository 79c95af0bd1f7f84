import { AUTH_MESSAGES } from '@grasp/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { altchaChallenge, callsTo, errorBody, json, stubApi } from '../testing/auth-fixtures.ts';
import { fakeAltcha } from '../testing/fake-altcha.ts';
import { Captcha, type CaptchaHandle } from './captcha.tsx';

vi.mock('altcha', () => ({}));

const SCRIPT = 'script[src^="https://challenges.cloudflare.com/turnstile/v0/api.js"]';

interface FakeTurnstileOptions {
  callback: (token: string) => void;
  'expired-callback': () => void;
}

function fakeTurnstile() {
  let rendered = 0;
  const api = {
    render: vi.fn((_host: HTMLElement, options: FakeTurnstileOptions) => {
      rendered += 1;
      options.callback(`ts-token-${rendered}`);
      return `widget-${rendered}`;
    }),
    remove: vi.fn(),
  };
  return api;
}

describe('Captcha with Turnstile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(window, 'turnstile');
  });

  it("loads Cloudflare's script once, renders the site key and passes the token on", async () => {
    stubApi({ 'GET /api/auth/captcha': () => json({ provider: 'turnstile', siteKey: 'site-1' }) });
    const onToken = vi.fn();
    const ref = createRef<CaptchaHandle>();
    render(<Captcha ref={ref} onToken={onToken} />);

    await waitFor(() => expect(document.querySelector(SCRIPT)).not.toBeNull());
    const api = fakeTurnstile();
    Object.assign(window, { turnstile: api });
    document.querySelector(SCRIPT)?.dispatchEvent(new Event('load'));

    await waitFor(() => expect(onToken).toHaveBeenLastCalledWith('ts-token-1'));
    expect(api.render.mock.calls[0]?.[1]).toMatchObject({ sitekey: 'site-1', theme: 'light' });

    // A reset clears the token at once, then a fresh widget replaces the old one.
    act(() => ref.current?.reset());
    expect(onToken).toHaveBeenCalledWith('');
    await waitFor(() => expect(onToken).toHaveBeenLastCalledWith('ts-token-2'));
    expect(api.remove).toHaveBeenCalledWith('widget-1');
    expect(document.querySelectorAll(SCRIPT)).toHaveLength(1);
  });

  it('clears the token when the widget expires', async () => {
    let expire = () => undefined as unknown;
    Object.assign(window, {
      turnstile: {
        render: (_host: HTMLElement, options: FakeTurnstileOptions) => {
          options.callback('ts');
          expire = options['expired-callback'];
          return 'w';
        },
        remove: vi.fn(),
      },
    });
    stubApi({ 'GET /api/auth/captcha': () => json({ provider: 'turnstile', siteKey: 'k' }) });
    const onToken = vi.fn();
    render(<Captcha onToken={onToken} />);
    await waitFor(() => expect(onToken).toHaveBeenLastCalledWith('ts'));
    act(() => {
      expire();
    });
    expect(onToken).toHaveBeenLastCalledWith('');
  });

  it('shows the failure message when the challenge cannot be fetched', async () => {
    stubApi({ 'GET /api/auth/captcha': () => Promise.reject(new TypeError('offline')) });
    render(<Captcha onToken={vi.fn()} />);
    expect(
      await screen.findByText('Captcha verification failed. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says how long to wait when the address has made too many accounts', async () => {
    const wait = AUTH_MESSAGES.registrationsPaused(1500);
    stubApi({ 'GET /api/auth/captcha': () => errorBody(429, 'RATE_LIMITED', wait) });
    render(<Captcha onToken={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(wait);
  });
});

describe('Captcha with ALTCHA', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('configures the widget with our challenge, solving on load, and starts over on expiry', async () => {
    fakeAltcha.autoSolve = true;
    let n = 0;
    const fetchMock = stubApi({
      'GET /api/auth/captcha': () => {
        n += 1;
        return altchaChallenge(`c${n}`);
      },
    });
    const onToken = vi.fn();
    render(<Captcha onToken={onToken} />);
    await waitFor(() => expect(onToken).toHaveBeenLastCalledWith('payload-c1'));
    const widget = document.querySelector('altcha-widget');
    expect(widget).toHaveAttribute('auto', 'onload');
    expect(JSON.parse(widget?.getAttribute('challenge') ?? '{}')).toMatchObject({
      parameters: { salt: 'c1' },
    });

    act(() => {
      widget?.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'expired' } }));
    });
    expect(onToken).toHaveBeenCalledWith('');
    await waitFor(() => expect(onToken).toHaveBeenLastCalledWith('payload-c2'));
    expect(callsTo(fetchMock, '/api/auth/captcha')).toHaveLength(2);
  });
});
