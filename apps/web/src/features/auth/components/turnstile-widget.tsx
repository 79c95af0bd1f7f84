import { useEffect, useRef } from 'react';
import { useLatest } from '../hooks/use-latest.ts';

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileOptions {
  sitekey: string;
  theme: 'light' | 'dark';
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
}

interface TurnstileApi {
  render: (container: HTMLElement, options: TurnstileOptions) => string | undefined;
  remove: (widgetId: string) => void;
}

type TurnstileWindow = Window & { turnstile?: TurnstileApi };

let scriptLoad: Promise<TurnstileApi> | null = null;

/** Cloudflare's script, added once per page and only when the server chose Turnstile. */
function loadTurnstile(): Promise<TurnstileApi> {
  const existing = (window as TurnstileWindow).turnstile;
  if (existing) return Promise.resolve(existing);
  scriptLoad ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const api = (window as TurnstileWindow).turnstile;
      if (api) resolve(api);
      else reject(new Error('Turnstile did not load'));
    };
    script.onerror = () => {
      scriptLoad = null;
      script.remove();
      reject(new Error('Turnstile did not load'));
    };
    document.head.append(script);
  });
  return scriptLoad;
}

interface TurnstileWidgetProps {
  siteKey: string;
  onToken: (token: string) => void;
  onError: () => void;
}

export function TurnstileWidget({ siteKey, onToken, onError }: TurnstileWidgetProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const onTokenRef = useLatest(onToken);
  const onErrorRef = useLatest(onError);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let rendered: { api: TurnstileApi; widgetId: string } | null = null;
    loadTurnstile().then(
      (api) => {
        if (cancelled) return;
        const widgetId = api.render(host, {
          sitekey: siteKey,
          theme: document.documentElement.classList.contains('dark') ? 'dark' : 'light',
          callback: (token) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(''),
          'error-callback': () => {
            onTokenRef.current('');
            onErrorRef.current();
          },
        });
        if (widgetId !== undefined) rendered = { api, widgetId };
      },
      () => {
        if (!cancelled) onErrorRef.current();
      },
    );
    return () => {
      cancelled = true;
      rendered?.api.remove(rendered.widgetId);
    };
  }, [siteKey, onTokenRef, onErrorRef]);

  return <div ref={hostRef} className="min-h-[65px]" />;
}
