import { useEffect, useId } from 'react';
import { useSettings } from '../../settings/settings-store.ts';
import { resolveProvider, useProviders } from '../api/providers-store.ts';

/** The AI provider, as GET /api/ai/providers lists it; unconfigured ones cannot be chosen. */
export function ProviderPicker({ id: givenId }: { id?: string } = {}) {
  const { data, status, load } = useProviders();
  const saved = useSettings((s) => s.aiProvider);
  const setAiProvider = useSettings((s) => s.setAiProvider);
  const ownId = useId();
  const id = givenId ?? ownId;

  useEffect(() => {
    void load();
  }, [load]);

  // Without the list the server uses its default; there is nothing to choose from.
  if (!data) {
    return status === 'failed' ? null : (
      <p className="text-sm text-slate-500 dark:text-slate-400">Loading AI providers…</p>
    );
  }

  return (
    <div className="flex min-w-0 flex-col">
      <label htmlFor={id} className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">
        AI provider
      </label>
      <select
        id={id}
        value={resolveProvider(saved, data) ?? data.default}
        onChange={(event) => setAiProvider(event.target.value)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {data.providers.map((provider) => (
          <option key={provider.id} value={provider.id} disabled={!provider.available}>
            {provider.available ? provider.label : `${provider.label} (not configured)`}
          </option>
        ))}
      </select>
    </div>
  );
}
