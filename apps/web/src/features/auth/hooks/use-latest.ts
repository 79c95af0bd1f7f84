import { type RefObject, useLayoutEffect, useRef } from 'react';

/** A ref that always holds the newest value, so effects can call callbacks without re-running. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
