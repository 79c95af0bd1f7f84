import type { ReactNode } from 'react';

/** A titled page body; every simple page uses it so headings and widths stay alike. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </main>
  );
}
