/**
 * Stands in for the `altcha` package in jsdom (no Web Workers, no crypto PoW): a tiny
 * <altcha-widget> that reports "verified" with a payload naming its challenge, like the real one
 * does after solving. Tests mock the module with `vi.mock('altcha', () => ({}))`.
 */
export const fakeAltcha = { autoSolve: true, solved: 0 };

class FakeAltchaWidget extends HTMLElement {
  connectedCallback() {
    this.textContent = "I'm not a robot";
    if (!fakeAltcha.autoSolve) return;
    const challenge = JSON.parse(this.getAttribute('challenge') ?? '{}') as {
      parameters?: { salt?: string };
    };
    queueMicrotask(() => {
      fakeAltcha.solved += 1;
      this.dispatchEvent(
        new CustomEvent('statechange', {
          detail: { state: 'verified', payload: `payload-${challenge.parameters?.salt ?? 'none'}` },
        }),
      );
    });
  }
}

if (!customElements.get('altcha-widget')) {
  customElements.define('altcha-widget', FakeAltchaWidget);
}
