import { StrokeIcon } from '../../../components/ui/stroke-icon.tsx';

export const CheckIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <StrokeIcon className={className}>
    <path d="M5 12l5 5 9-11" />
  </StrokeIcon>
);

export const MinusIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <StrokeIcon className={className}>
    <path d="M6 12h12" />
  </StrokeIcon>
);

export const SuccessIcon = ({ className = 'h-12 w-12' }: { className?: string }) => (
  <StrokeIcon className={className}>
    <circle cx="12" cy="12" r="10" />
    <path d="M8 12l3 3 5-6" />
  </StrokeIcon>
);

export const FailureIcon = ({ className = 'h-12 w-12' }: { className?: string }) => (
  <StrokeIcon className={className}>
    <circle cx="12" cy="12" r="10" />
    <path d="M15 9l-6 6M9 9l6 6" />
  </StrokeIcon>
);

export const ClockIcon = ({ className = 'h-12 w-12' }: { className?: string }) => (
  <StrokeIcon className={className}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 7v5l3 2" />
  </StrokeIcon>
);

export const MailIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <StrokeIcon className={className}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </StrokeIcon>
);

export const PhoneIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <StrokeIcon className={className}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  </StrokeIcon>
);
