import { useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { inputClass, labelClass } from './field.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The text a search was waiting on when a click on a link left the page. React Router keeps this
 * page on screen until the next one has loaded, and a search that settled meanwhile took the
 * address back to this list. A click that opens another tab (a modifier, `target=_blank`) stays.
 */
function useDropOnLeave(text: string, waiting: boolean) {
  const dropped = useRef<string | null>(null);
  useEffect(() => {
    if (!waiting) return;
    const onClick = (event: MouseEvent) => {
      const keys = event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
      const onLink =
        event.target instanceof Element && event.target.closest('a[href]:not([target="_blank"])');
      if (event.button === 0 && !keys && onLink) dropped.current = text;
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [text, waiting]);
  return dropped;
}

/** A search box that asks once typing pauses; follows the address when it changes (back). */
export function SearchField({
  label,
  value,
  onSearch,
  placeholder,
}: {
  label: string;
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // Only a pause in typing searches; the address changing is followed, not searched again.
  const latest = useRef({ value, onSearch });
  latest.current = { value, onSearch };
  const dropped = useDropOnLeave(text, text.trim() !== value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const query = settled.trim();
    // Once: the same text typed again later, on a page that stayed, searches.
    if (settled === dropped.current) dropped.current = null;
    else if (query !== latest.current.value) latest.current.onSearch(query);
  }, [settled, dropped]);
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        className={inputClass}
      />
    </div>
  );
}
