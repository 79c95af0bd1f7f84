/**
 * The first call's promise, kept for every later call: a library or client made when first
 * needed (a server that never sends mail never loads the mailer), and made once.
 */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
