/** The id of a section's card, so a quiz score can link to the part to look at again. */
export function sectionAnchorId(title: string): string {
  const slug = title
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `section-${slug || 'part'}`;
}

/** Brings a section's card into view and moves focus to it, so keyboard use continues there. */
export function showSection(title: string): void {
  const card = document.getElementById(sectionAnchorId(title));
  if (!card) return;
  card.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  card.focus({ preventScroll: true });
}
