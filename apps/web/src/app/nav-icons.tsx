import { StrokeIcon } from '../components/ui/stroke-icon.tsx';

/** Bars, or a cross while the menu's popover (in the same `group`) is open. */
export const MenuIcon = () => (
  <StrokeIcon>
    <path className="group-has-[:popover-open]:hidden" d="M4 7h16M4 12h16M4 17h16" />
    <path className="hidden group-has-[:popover-open]:inline" d="M6 6l12 12M18 6L6 18" />
  </StrokeIcon>
);

export const ContactIcon = () => (
  <StrokeIcon d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12zM8.5 12h.01M12 12h.01M15.5 12h.01" />
);
