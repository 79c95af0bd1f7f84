import { StrokeIcon } from '../../../components/ui/stroke-icon.tsx';

const SHAPES = {
  chat: 'M21 12a8 8 0 0 1-11.5 7.2L4 21l1.8-5.2A8 8 0 1 1 21 12z',
  check: 'm5 12 5 5L20 7',
  cross: 'M6 6l12 12M18 6 6 18',
  refresh: 'M20 11a8 8 0 0 0-14.9-3M4 4v4h4M4 13a8 8 0 0 0 14.9 3M20 20v-4h-4',
  quiz: 'M4 4h16v16H4zM8 9l2 2 4-4M8 15h8',
  send: 'M4 12 20 4l-4 16-4-7zM12 13l8-9',
} as const;

export type LearningIconName = keyof typeof SHAPES;

export function LearningIcon({
  name,
  className = 'h-4 w-4',
}: {
  name: LearningIconName;
  className?: string;
}) {
  return <StrokeIcon d={SHAPES[name]} className={className} />;
}
