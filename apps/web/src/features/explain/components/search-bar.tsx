import { QUERY_MAX_LENGTH } from '@grasp/contract';
import { type FormEvent, type Ref, useEffect, useId, useState } from 'react';
import { UiIcon } from '../../../components/explanation/icons.tsx';
import { DifficultyPicker } from './difficulty-picker.tsx';
import { LanguagePicker } from './language-picker.tsx';
import { ProviderPicker } from './provider-picker.tsx';
import { StylePicker } from './style-picker.tsx';

export const SEARCH_PLACEHOLDER = 'What concept would you like to learn?';

export function SearchBar({
  id,
  loading,
  lastQuery,
  onSearch,
  inputRef,
  providerSelectId,
}: {
  id: string;
  /** Lets the page lead someone to the AI provider choice. */
  providerSelectId?: string;
  loading: boolean;
  /** The query being shown; the field follows it when a search starts elsewhere. */
  lastQuery: string | null;
  onSearch: (query: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [value, setValue] = useState(lastQuery ?? '');
  const inputId = useId();

  useEffect(() => {
    if (lastQuery) setValue(lastQuery);
  }, [lastQuery]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = value.trim();
    if (query && !loading) onSearch(query);
  };

  return (
    <section
      id={id}
      aria-label="Search for a concept"
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 print:hidden dark:border-slate-800 dark:bg-slate-900"
    >
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to older browsers and jsdom */}
      <form role="search" onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          Concept
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={SEARCH_PLACEHOLDER}
          maxLength={QUERY_MAX_LENGTH}
          disabled={loading}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-400 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500"
        />
        <button
          type="submit"
          disabled={loading || value.trim() === ''}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-indigo-400 dark:disabled:bg-indigo-900"
        >
          {loading ? (
            <span
              aria-hidden="true"
              data-testid="search-spinner"
              className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent"
            />
          ) : (
            <UiIcon name="sparkles" className="h-5 w-5" />
          )}
          {loading ? 'Explaining…' : 'Explain'}
        </button>
      </form>
      <div className="mt-4">
        <StylePicker />
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <DifficultyPicker />
        <LanguagePicker />
        <ProviderPicker id={providerSelectId} />
      </div>
    </section>
  );
}
