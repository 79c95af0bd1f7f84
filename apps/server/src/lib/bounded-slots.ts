/**
 * At most `running` holders at once and `waiting` more in line (first come, first served);
 * past that a take is refused at once, so a burst never piles up work or memory.
 */
export function createBoundedSlots(running: number, waiting: number) {
  let active = 0;
  const line: (() => void)[] = [];

  function releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = line.shift();
      // The slot passes straight to the next in line, so `active` stays as it is.
      if (next) next();
      else active--;
    };
  }

  return {
    /** True when a take now would be refused. */
    full: () => active >= running && line.length >= waiting,
    /** A slot (call the answer to give it back), or null when both the slots and the line are full. */
    async take(): Promise<(() => void) | null> {
      if (active < running) {
        active++;
        return releaser();
      }
      if (line.length >= waiting) return null;
      await new Promise<void>((resolve) => line.push(resolve));
      return releaser();
    },
  };
}
