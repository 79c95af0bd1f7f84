import { useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { inputClass, labelClass } from './field.ts';

export const SEARCH_DEBOUNCE_MS = 300;

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
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const query = settled.trim();
    if (query !== latest.current.value) latest.current.onSearch(query);
  }, [settled]);
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
