import { type ComponentType, createElement, use } from 'react';

const startParts: Promise<unknown>[] = [];

/**
 * A component whose code loads on demand, like React.lazy, but which renders at once, without
 * suspending, once that code is here. A prerendered page waits for its parts (startPartsLoaded)
 * and then hydrates in one go: a click on it is never dropped for a part still loading.
 * `now` starts loading at once: the address the app started on needs it.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  now = false,
): ComponentType<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const start = () => {
    pending ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return pending;
  };
  if (now) startParts.push(start());
  return function LazyPart(props: P) {
    return createElement(loaded ?? use(start()), props);
  };
}

/** Settles once every part started with `now` has loaded or failed. */
export function startPartsLoaded(): Promise<unknown> {
  return Promise.allSettled(startParts);
}
