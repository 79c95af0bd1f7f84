import type { ReactNode } from 'react';

/** Small inline icons of the billing feature; decorative, so hidden from assistive technology. */
function Svg({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}

export const CheckIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <Svg className={className}>
    <path d="M5 12l5 5 9-11" />
  </Svg>
);

export const MinusIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <Svg className={className}>
    <path d="M6 12h12" />
  </Svg>
);

export const SuccessIcon = ({ className = 'h-12 w-12' }: { className?: string }) => (
  <Svg className={className}>
    <circle cx="12" cy="12" r="10" />
    <path d="M8 12l3 3 5-6" />
  </Svg>
);

export const FailureIcon = ({ className = 'h-12 w-12' }: { className?: string }) => (
  <Svg className={className}>
    <circle cx="12" cy="12" r="10" />
    <path d="M15 9l-6 6M9 9l6 6" />
  </Svg>
);

export const ClockIcon = ({ className = 'h-12 w-12' }: { className?: string }) => (
  <Svg className={className}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 7v5l3 2" />
  </Svg>
);

export const MailIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <Svg className={className}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </Svg>
);

export const PhoneIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <Svg className={className}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  </Svg>
);
