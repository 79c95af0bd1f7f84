import { useEffect, useRef } from 'react';
import { useLatest } from '../hooks/use-latest.ts';

interface AltchaStateDetail {
  state: string;
  payload?: string | null;
}

interface AltchaWidgetProps {
  /** The altcha-lib challenge object our API issued. */
  challenge: Record<string, unknown>;
  onToken: (token: string) => void;
  onError: () => void;
  /** The challenge outlived its lifetime: only a fresh one from our API can be solved now. */
  onExpired: () => void;
}

/**
 * The ALTCHA web component, configured with our own challenge object so it never fetches
 * anything, and set to solve itself as soon as it shows.
 */
export function AltchaWidget({ challenge, onToken, onError, onExpired }: AltchaWidgetProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const onTokenRef = useLatest(onToken);
  const onErrorRef = useLatest(onError);
  const onExpiredRef = useLatest(onExpired);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let widget: HTMLElement | null = null;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<AltchaStateDetail>).detail;
      onTokenRef.current(detail.state === 'verified' && detail.payload ? detail.payload : '');
      if (detail.state === 'error') onErrorRef.current();
      if (detail.state === 'expired') onExpiredRef.current();
    };
    // Loaded here, not at the top: only the registration form needs the widget's code.
    import('altcha').then(
      () => {
        if (cancelled) return;
        widget = document.createElement('altcha-widget');
        widget.setAttribute('challenge', JSON.stringify(challenge));
        widget.setAttribute('auto', 'onload');
        widget.addEventListener('statechange', onStateChange);
        host.append(widget);
      },
      () => {
        if (!cancelled) onErrorRef.current();
      },
    );
    return () => {
      cancelled = true;
      widget?.removeEventListener('statechange', onStateChange);
      widget?.remove();
    };
  }, [challenge, onTokenRef, onErrorRef, onExpiredRef]);

  // The widget follows color-scheme on its own; these match it to the form's card and inputs.
  return (
    <div
      ref={hostRef}
      className="[--altcha-border-color:var(--color-slate-300)] [--altcha-color-base:var(--color-white)] [--altcha-color-primary:var(--color-indigo-600)] [--altcha-max-width:100%] dark:[--altcha-border-color:var(--color-slate-700)] dark:[--altcha-color-base:var(--color-slate-900)]"
    />
  );
}
