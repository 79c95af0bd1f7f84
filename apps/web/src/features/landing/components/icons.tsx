import { StrokeIcon } from '../../../components/ui/stroke-icon.tsx';

/** Feature icons: one stroke path each, decorative. Kept tiny for the landing page's budget. */
export const ICONS = {
  styles: 'M4 6h16M4 12h10M4 18h7M17 15l3 3-3 3',
  levels: 'M5 20V14M12 20V9M19 20V4',
  timer: 'M12 8v5l3 2M9 2h6M12 22a8 8 0 1 0 0-16 8 8 0 0 0 0 16z',
  distill: 'M4 4h16l-6 8v6l-4 2v-8z',
  graph:
    'M6 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM18 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM12 20a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM8 6h8M7 8l4 8M17 8l-4 8',
  history: 'M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3',
  check: 'M5 12l5 5L20 7',
  cross: 'M6 6l12 12M18 6L6 18',
} as const;

export function Icon({
  name,
  className = 'h-5 w-5',
}: {
  name: keyof typeof ICONS;
  className?: string;
}) {
  return <StrokeIcon d={ICONS[name]} className={className} />;
}
