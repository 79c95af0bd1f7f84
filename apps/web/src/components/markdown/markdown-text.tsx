import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Citation, citedSource, linkCitations, useSources } from '../explanation/sources.tsx';
import { safeUrlTransform } from './safe-url.ts';

function Link({ href, children, node: _node, ...rest }: ComponentProps<'a'> & { node?: unknown }) {
  const sources = useSources();
  // An unsafe href was removed by the transform: show plain text, not a dead link.
  if (!href) return <span {...rest}>{children}</span>;
  const cited = citedSource(href, sources);
  if (cited) return <Citation source={cited} />;
  const external = /^[a-z][a-z0-9+.-]*:/i.test(href);
  return (
    <a
      href={href}
      {...rest}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
    >
      {children}
    </a>
  );
}

const COMPONENTS: Components = { a: Link };

/**
 * Explanation markdown: raw HTML is dropped and links keep only the schemes of SPEC.md §5.
 * Images are not shown: an answer should not make the browser fetch addresses it made up.
 */
export function MarkdownText({ children }: { children: string }) {
  // Each [n] of the text links to its source (DESIGN.md §10) when the page has sources.
  const sources = useSources();
  return (
    <div className="space-y-2 leading-relaxed [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-[0.9em] dark:[&_code]:bg-slate-800 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 [&_h3]:font-semibold [&_h4]:font-semibold [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 dark:[&_blockquote]:border-slate-600">
      <Markdown
        skipHtml
        urlTransform={safeUrlTransform}
        disallowedElements={['img']}
        components={COMPONENTS}
      >
        {linkCitations(children, sources)}
      </Markdown>
    </div>
  );
}
