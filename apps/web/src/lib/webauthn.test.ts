import { afterEach, describe, expect, it, vi } from 'vitest';
import { passkeysSupported } from './webauthn.ts';

describe('passkeysSupported', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is true where the browser has PublicKeyCredential, as @simplewebauthn tells it', async () => {
    const { browserSupportsWebAuthn } = await import('@simplewebauthn/browser');
    vi.stubGlobal('PublicKeyCredential', undefined);
    expect(passkeysSupported()).toBe(false);
    expect(browserSupportsWebAuthn()).toBe(false);
    vi.stubGlobal('PublicKeyCredential', class PublicKeyCredential {});
    expect(passkeysSupported()).toBe(true);
    expect(browserSupportsWebAuthn()).toBe(true);
  });
});
