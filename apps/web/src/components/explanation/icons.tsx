import type { IconName } from '@grasp/contract';
import type { ReactNode } from 'react';
import { StrokeIcon } from '../ui/stroke-icon.tsx';

const SECTION_SHAPES: Record<IconName, ReactNode> = {
  FileText: <path d="M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6" />,
  Brain: (
    <path d="M12 5a3 3 0 0 0-6 1 3 3 0 0 0-2 5 3 3 0 0 0 2 5 3 3 0 0 0 6 1zM12 5a3 3 0 0 1 6 1 3 3 0 0 1 2 5 3 3 0 0 1-2 5 3 3 0 0 1-6 1M12 5v14" />
  ),
  Search: (
    <>
      <circle cx="11" cy="11" r="6" />
      <path d="M20 20l-4.5-4.5" />
    </>
  ),
  BookOpen: (
    <path d="M3 5h6a3 3 0 0 1 3 3v12a2 2 0 0 0-2-2H3zM21 5h-6a3 3 0 0 0-3 3v12a2 2 0 0 1 2-2h7z" />
  ),
  Lightbulb: (
    <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0 0 12 3z" />
  ),
  AlertTriangle: <path d="M12 3 2 20h20zM12 9v5M12 17h.01" />,
  CheckSquare: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="2" />
      <path d="m8 12 3 3 5-6" />
    </>
  ),
  Microscope: <path d="M10 3h4v8h-4zM12 11v3M17 10a6 6 0 0 1-5 7M6 21h12M9 17h3" />,
  Clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  Sunrise: (
    <path d="M3 18h18M7 18a5 5 0 0 1 10 0M12 3v5M9 6l3-3 3 3M4.5 11.5 6 13M19.5 11.5 18 13" />
  ),
  Key: (
    <>
      <circle cx="8" cy="15" r="4" />
      <path d="m11 12 9-9M17 6l3 3M15 8l2 2" />
    </>
  ),
  Globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18" />
    </>
  ),
  Box: <path d="m12 3 8 4.5v9L12 21l-8-4.5v-9zM4 7.5l8 4.5 8-4.5M12 12v9" />,
  Layers: <path d="m12 3 9 5-9 5-9-5zM3 13l9 5 9-5" />,
  HelpCircle: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01" />
    </>
  ),
  MessageCircle: <path d="M21 12a8 8 0 0 1-11.5 7.2L4 21l1.8-5.2A8 8 0 1 1 21 12z" />,
  Star: <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />,
  Rocket: (
    <path d="m12 15-3-3c1.5-4.5 5-8 11-8 0 6-3.5 9.5-8 11zM9 12H5l2-4h4M12 15v4l4-2v-4M6 16c-1.5 1-2 3-2 4 1 0 3-.5 4-2" />
  ),
  RefreshCw: (
    <path d="M20 11a8 8 0 0 0-14.5-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.5 4.5L20 16M20 20v-4h-4" />
  ),
  Circle: <circle cx="12" cy="12" r="9" />,
};

export function SectionIcon({ name, className }: { name: IconName; className?: string }) {
  return (
    <StrokeIcon className={className}>{SECTION_SHAPES[name] ?? SECTION_SHAPES.Circle}</StrokeIcon>
  );
}

/** Icons of the dashboard's own controls. */
const UI_SHAPES = {
  chevronDown: <path d="m6 9 6 6 6-6" />,
  check: <path d="m5 12 5 5 9-10" />,
  lock: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </>
  ),
  share: (
    <>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </>
  ),
  play: <path d="M7 4v16l13-8z" />,
  pause: <path d="M8 4v16M16 4v16" />,
  sparkles: <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2 2M16 16l2 2M6 18l2-2M16 8l2-2" />,
  arrowUp: <path d="M12 19V5M5 12l7-7 7 7" />,
  download: <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />,
  printer: <path d="M7 9V3h10v6M7 17H4v-6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v6h-3M7 14h10v7H7z" />,
} satisfies Record<string, ReactNode>;

export type UiIconName = keyof typeof UI_SHAPES;

export function UiIcon({ name, className }: { name: UiIconName; className?: string }) {
  return <StrokeIcon className={className}>{UI_SHAPES[name]}</StrokeIcon>;
}
