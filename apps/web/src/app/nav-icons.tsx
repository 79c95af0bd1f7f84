import { StrokeIcon } from '../components/ui/stroke-icon.tsx';

export const MenuIcon = ({ open }: { open: boolean }) => (
  <StrokeIcon d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
);

export const ContactIcon = () => (
  <StrokeIcon d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12zM8.5 12h.01M12 12h.01M15.5 12h.01" />
);
