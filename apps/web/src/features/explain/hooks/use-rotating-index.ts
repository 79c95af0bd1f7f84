import { useEffect, useState } from 'react';

/** An index that moves to the next of `count` items every `intervalMs` while `active`. */
export function useRotatingIndex(count: number, intervalMs: number, active: boolean): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!active || count < 2) return;
    setIndex(0);
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [active, count, intervalMs]);
  return index;
}
