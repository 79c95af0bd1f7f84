/** The icon set of SPEC.md §2 and how a section heading picks one (SPEC.md §5). */
export const ICON_NAMES = [
  'FileText',
  'Brain',
  'Search',
  'BookOpen',
  'Lightbulb',
  'AlertTriangle',
  'CheckSquare',
  'Microscope',
  'Clock',
  'Sunrise',
  'Key',
  'Globe',
  'Box',
  'Layers',
  'HelpCircle',
  'MessageCircle',
  'Star',
  'Rocket',
  'RefreshCw',
  'Circle',
] as const;
export type IconName = (typeof ICON_NAMES)[number];
export const DEFAULT_ICON: IconName = 'Circle';

/** Emoji a heading may carry; an emoji wins over keywords. */
const EMOJI_ICONS: ReadonlyArray<readonly [string, IconName]> = [
  ['📝', 'FileText'],
  ['📄', 'FileText'],
  ['🧠', 'Brain'],
  ['🔍', 'Search'],
  ['🔎', 'Search'],
  ['📚', 'BookOpen'],
  ['📖', 'BookOpen'],
  ['💡', 'Lightbulb'],
  ['⚠', 'AlertTriangle'],
  ['🚨', 'AlertTriangle'],
  ['✅', 'CheckSquare'],
  ['☑', 'CheckSquare'],
  ['🔬', 'Microscope'],
  ['⏰', 'Clock'],
  ['⏱', 'Clock'],
  ['🕐', 'Clock'],
  ['⌛', 'Clock'],
  ['🌅', 'Sunrise'],
  ['🌄', 'Sunrise'],
  ['🔑', 'Key'],
  ['🗝', 'Key'],
  ['🌍', 'Globe'],
  ['🌎', 'Globe'],
  ['🌏', 'Globe'],
  ['🌐', 'Globe'],
  ['📦', 'Box'],
  ['🧱', 'Layers'],
  ['🗂', 'Layers'],
  ['❓', 'HelpCircle'],
  ['❔', 'HelpCircle'],
  ['🤔', 'HelpCircle'],
  ['💬', 'MessageCircle'],
  ['🗨', 'MessageCircle'],
  ['⭐', 'Star'],
  ['🌟', 'Star'],
  ['✨', 'Star'],
  ['🚀', 'Rocket'],
  ['🔄', 'RefreshCw'],
  ['🔁', 'RefreshCw'],
];

/** Keywords of SPEC.md §5, checked in this order; the first match wins. */
const KEYWORD_ICONS: ReadonlyArray<readonly [RegExp, IconName]> = [
  [/\b(related|deeper|learn more)\b/i, 'BookOpen'],
  [/\b(pitfalls?|misconceptions?|mistakes?)\b/i, 'AlertTriangle'],
  [/\b(checklists?|takeaways?|summary)\b/i, 'CheckSquare'],
  [/\bunderstanding\b/i, 'Brain'],
  [/\bstructures?\b/i, 'Box'],
  [/\banalys[ie]s\b/i, 'Microscope'],
  [/\bevidence\b/i, 'Search'],
  [/\banalog(y|ies)\b/i, 'Lightbulb'],
  [/\bapplications?\b/i, 'Globe'],
  [/\bprinciples?\b/i, 'Key'],
  [/\blayers?\b/i, 'Layers'],
  [/\bquestions?\b/i, 'HelpCircle'],
  [/\binsights?\b/i, 'Star'],
  [/\bbenefits?\b/i, 'Rocket'],
  [/\bsteps?\b/i, 'RefreshCw'],
  // Not in the spec's list, but common section names deserve a fitting icon too.
  [/\b(definition|overview|introduction|what is)\b/i, 'FileText'],
  [/\b(history|timeline)\b/i, 'Clock'],
  [/\b(origins?|beginnings?)\b/i, 'Sunrise'],
  [/\b(story|conversation)\b/i, 'MessageCircle'],
];

/** Icon for a heading: its first known emoji, then keywords, else Circle. */
export function iconForHeading(heading: string): IconName {
  let first: { at: number; icon: IconName } | null = null;
  for (const [emoji, icon] of EMOJI_ICONS) {
    const at = heading.indexOf(emoji);
    if (at !== -1 && (first === null || at < first.at)) first = { at, icon };
  }
  if (first) return first.icon;
  for (const [pattern, icon] of KEYWORD_ICONS) if (pattern.test(heading)) return icon;
  return DEFAULT_ICON;
}
