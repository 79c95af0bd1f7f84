import { StrokeIcon } from '../../../components/ui/stroke-icon.tsx';

export function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <StrokeIcon className="h-5 w-5">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </StrokeIcon>
  );
}

export function CheckCircleIcon({ className = 'h-6 w-6' }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <circle cx="12" cy="12" r="10" />
      <path d="M8 12l3 3 5-6" />
    </StrokeIcon>
  );
}

export function AlertCircleIcon({ className = 'h-6 w-6' }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 7v6M12 17h.01" />
    </StrokeIcon>
  );
}

export function UserIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </StrokeIcon>
  );
}

export function ChevronDownIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <path d="M6 9l6 6 6-6" />
    </StrokeIcon>
  );
}
