import type { ReactNode } from 'react';

/**
 * A 24×24 stroke icon in currentColor, drawn from one path (`d`) or several shapes (children).
 * Always decorative: the text beside it carries the meaning, so assistive technology skips it.
 */
export function StrokeIcon({
  d,
  children,
  className = 'h-5 w-5',
}: {
  d?: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {d ? <path d={d} /> : null}
      {children}
    </svg>
  );
}
