import type { LanguageId } from '../languages.ts';

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

/**
 * Section title words of the other languages (DESIGN.md §9), in the English list's order: the
 * first match wins. A word matches at the start of a word of the title, so the case endings
 * these languages write onto a word ("सिद्धांतों", "படிகள்") still match.
 */
export const SECTION_KEYWORDS: Record<
  Exclude<LanguageId, 'en'>,
  ReadonlyArray<readonly [IconName, readonly string[]]>
> = {
  hi: [
    ['BookOpen', ['संबंधित', 'सम्बन्धित', 'और जानें', 'गहराई']],
    ['AlertTriangle', ['गलतफहमी', 'भ्रांति', 'भ्रान्ति', 'भ्रम', 'गलती']],
    ['CheckSquare', ['सारांश', 'निष्कर्ष', 'मुख्य बात', 'मुख्य सीख']],
    ['Brain', ['समझ']],
    ['Box', ['संरचना', 'ढाँचा', 'ढांचा']],
    ['Microscope', ['विश्लेषण']],
    ['Search', ['प्रमाण', 'साक्ष्य', 'सबूत', 'उदाहरण']],
    ['Lightbulb', ['उपमा', 'सादृश्य']],
    ['Globe', ['उपयोग', 'अनुप्रयोग']],
    ['Key', ['सिद्धांत', 'सिद्धान्त']],
    ['Layers', ['परत']],
    ['HelpCircle', ['प्रश्न', 'सवाल']],
    ['Star', ['अंतर्दृष्टि', 'अन्तर्दृष्टि']],
    ['Rocket', ['लाभ', 'फायद']],
    ['RefreshCw', ['चरण', 'कदम']],
    ['FileText', ['परिभाषा', 'परिचय', 'अवलोकन', 'क्या है']],
    ['Clock', ['इतिहास', 'समयरेखा']],
    ['Sunrise', ['उत्पत्ति', 'शुरुआत']],
    ['MessageCircle', ['कहानी', 'कथा']],
  ],
  bn: [
    ['BookOpen', ['সম্পর্কিত', 'আরও জানুন', 'আরো জানুন']],
    ['AlertTriangle', ['ভুল', 'ভ্রান্ত']],
    ['CheckSquare', ['সারসংক্ষেপ', 'সারাংশ', 'মূল কথা', 'মূল শিক্ষা', 'উপসংহার']],
    ['Brain', ['বোঝা', 'ধারণা']],
    ['Box', ['গঠন', 'কাঠামো']],
    ['Microscope', ['বিশ্লেষণ']],
    ['Search', ['প্রমাণ', 'উদাহরণ']],
    ['Lightbulb', ['উপমা']],
    ['Globe', ['প্রয়োগ', 'ব্যবহার']],
    ['Key', ['নীতি', 'সূত্র']],
    ['Layers', ['স্তর']],
    ['HelpCircle', ['প্রশ্ন']],
    ['Star', ['অন্তর্দৃষ্টি']],
    ['Rocket', ['সুবিধা', 'উপকার']],
    ['RefreshCw', ['ধাপ']],
    ['FileText', ['সংজ্ঞা', 'পরিচিতি', 'ভূমিকা']],
    ['Clock', ['ইতিহাস']],
    ['Sunrise', ['উৎপত্তি']],
    ['MessageCircle', ['গল্প']],
  ],
  mr: [
    ['BookOpen', ['संबंधित', 'सम्बन्धित', 'अधिक जाणून']],
    ['AlertTriangle', ['गैरसमज', 'चुकीच', 'भ्रम']],
    ['CheckSquare', ['सारांश', 'निष्कर्ष', 'मुख्य मुद्दा', 'महत्त्वाचा मुद्दा']],
    ['Brain', ['समज']],
    ['Box', ['रचना', 'संरचना']],
    ['Microscope', ['विश्लेषण']],
    ['Search', ['पुरावा', 'पुरावे', 'उदाहरण']],
    ['Lightbulb', ['उपमा', 'साधर्म्य']],
    ['Globe', ['उपयोग', 'वापर']],
    ['Key', ['तत्त्व', 'तत्व', 'सिद्धांत']],
    ['Layers', ['थर']],
    ['HelpCircle', ['प्रश्न']],
    ['Star', ['अंतर्दृष्टी', 'अंतर्दृष्टि']],
    ['Rocket', ['फायद', 'लाभ']],
    ['RefreshCw', ['टप्पा', 'टप्पे', 'पायरी']],
    ['FileText', ['व्याख्या', 'परिचय', 'ओळख']],
    ['Clock', ['इतिहास']],
    ['Sunrise', ['उगम']],
    ['MessageCircle', ['गोष्ट', 'कथा']],
  ],
  ta: [
    ['BookOpen', ['தொடர்புடைய', 'மேலும் அறிய']],
    ['AlertTriangle', ['தவறான', 'தவறு']],
    ['CheckSquare', ['சுருக்கம்', 'முக்கிய கருத்து', 'முக்கியக் கருத்து', 'முடிவுரை']],
    ['Brain', ['புரிதல்', 'புரிந்து']],
    ['Box', ['அமைப்பு', 'கட்டமைப்பு']],
    ['Microscope', ['பகுப்பாய்வு', 'ஆய்வு']],
    ['Search', ['சான்று', 'ஆதாரம்', 'எடுத்துக்காட்டு']],
    ['Lightbulb', ['உவமை', 'ஒப்புமை']],
    ['Globe', ['பயன்பாடு']],
    ['Key', ['கொள்கை', 'கோட்பாடு']],
    ['Layers', ['அடுக்கு']],
    ['HelpCircle', ['கேள்வி']],
    ['Star', ['நுண்ணறிவு']],
    ['Rocket', ['நன்மை', 'பயன்']],
    ['RefreshCw', ['படி']],
    ['FileText', ['வரையறை', 'அறிமுகம்', 'கண்ணோட்டம்']],
    ['Clock', ['வரலாறு', 'காலவரிசை']],
    ['Sunrise', ['தோற்றம்']],
    ['MessageCircle', ['கதை']],
  ],
  te: [
    ['BookOpen', ['సంబంధిత', 'మరింత తెలుసుకో']],
    ['AlertTriangle', ['అపోహ', 'అపార్థం', 'తప్పుడు', 'పొరపాటు']],
    ['CheckSquare', ['సారాంశం', 'ముఖ్యాంశం', 'ముఖ్య విషయం', 'ముగింపు']],
    ['Brain', ['అవగాహన', 'అర్థం']],
    ['Box', ['నిర్మాణం']],
    ['Microscope', ['విశ్లేషణ']],
    ['Search', ['ఆధార', 'సాక్ష్య', 'ఉదాహరణ']],
    ['Lightbulb', ['పోలిక', 'ఉపమాన']],
    ['Globe', ['అనువర్తన', 'ఉపయోగ']],
    ['Key', ['సూత్ర', 'సిద్ధాంత']],
    ['Layers', ['పొర']],
    ['HelpCircle', ['ప్రశ్న']],
    ['Star', ['అంతర్దృష్టి']],
    ['Rocket', ['ప్రయోజన', 'లాభ']],
    ['RefreshCw', ['దశ', 'మెట్టు']],
    ['FileText', ['నిర్వచనం', 'పరిచయం']],
    ['Clock', ['చరిత్ర']],
    ['Sunrise', ['మూలం', 'ఆవిర్భావం']],
    ['MessageCircle', ['కథ']],
  ],
};

/**
 * Form for matching words, not for showing them: NFC, without the joiners some keyboards put
 * inside words, and without the nukta (ज़/ज, ফ়/ফ), which writers use or leave out freely.
 */
export function normaliseScript(text: string): string {
  return text.normalize('NFC').replace(/\u200C|\u200D|\u093C|\u09BC/g, '');
}

// One pattern per row, across the languages: their rows name the same icons in the same order.
const NATIVE_KEYWORD_ICONS: ReadonlyArray<readonly [RegExp, IconName]> = SECTION_KEYWORDS.hi.map(
  ([icon], row): readonly [RegExp, IconName] => {
    const words = Object.values(SECTION_KEYWORDS).flatMap((list) => list[row]?.[1] ?? []);
    // \b knows only ASCII letters; a letter or vowel sign before the word means mid-word.
    const pattern = `(?<![\\p{L}\\p{M}])(?:${words.map(normaliseScript).join('|')})`;
    return [new RegExp(pattern, 'u'), icon];
  },
);

/** Icon for a heading: its first known emoji, then keywords (English, then the others), else Circle. */
export function iconForHeading(heading: string): IconName {
  let first: { at: number; icon: IconName } | null = null;
  for (const [emoji, icon] of EMOJI_ICONS) {
    const at = heading.indexOf(emoji);
    if (at !== -1 && (first === null || at < first.at)) first = { at, icon };
  }
  if (first) return first.icon;
  for (const [pattern, icon] of KEYWORD_ICONS) if (pattern.test(heading)) return icon;
  const native = normaliseScript(heading);
  for (const [pattern, icon] of NATIVE_KEYWORD_ICONS) if (pattern.test(native)) return icon;
  return DEFAULT_ICON;
}
