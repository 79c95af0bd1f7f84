import { describe, expect, it } from 'vitest';
import { LANGUAGE_IDS, type LanguageId } from '../languages.ts';
import {
  cleanTitle,
  parseExplanation,
  parseTimeRange,
  stripGraphBlocks,
} from './parse-explanation.ts';
import { ICON_NAMES, iconForHeading, SECTION_KEYWORDS } from './section-icons.ts';

/** The same four-section answer in each language, as a model would write it (DESIGN.md §9). */
const SAMPLES: Record<Exclude<LanguageId, 'en'>, { titles: string[]; related: string[] }> = {
  hi: {
    titles: ['प्रकाश संश्लेषण की समझ', 'मुख्य सिद्धांत', 'आम ग़लतफ़हमी', 'मुख्य बात'],
    related: ['संबंधित अवधारणाएँ', 'कोशिकीय श्वसन (Cellular respiration)', 'क्लोरोफिल (Chlorophyll)'],
  },
  bn: {
    titles: ['সালোকসংশ্লেষণ বোঝা', 'মূল নীতি', 'সাধারণ ভুল ধারণা', 'সারাংশ'],
    related: ['সম্পর্কিত ধারণা', 'কোষীয় শ্বসন (Cellular respiration)', 'ক্লোরোফিল (Chlorophyll)'],
  },
  mr: {
    titles: ['प्रकाशसंश्लेषण समजून घेणे', 'मुख्य तत्त्वे', 'सामान्य गैरसमज', 'सारांश'],
    related: ['संबंधित संकल्पना', 'पेशीय श्वसन (Cellular respiration)', 'हरितद्रव्य (Chlorophyll)'],
  },
  ta: {
    titles: ['ஒளிச்சேர்க்கை புரிதல்', 'முக்கியக் கொள்கைகள்', 'பொதுவான தவறான கருத்து', 'சுருக்கம்'],
    related: ['தொடர்புடைய கருத்துகள்', 'செல் சுவாசம் (Cellular respiration)', 'பச்சையம் (Chlorophyll)'],
  },
  te: {
    titles: ['కిరణజన్య సంయోగక్రియ అవగాహన', 'ముఖ్య సూత్రాలు', 'సాధారణ అపోహ', 'సారాంశం'],
    related: ['సంబంధిత భావనలు', 'కణ శ్వాసక్రియ (Cellular respiration)', 'పత్రహరితం (Chlorophyll)'],
  },
};
const RANGES = ['0-20', '20-50', '50-80', '80-120'];

function answerIn(language: keyof typeof SAMPLES): string {
  const { titles, related } = SAMPLES[language];
  const sections = titles.map(
    (title, i) => `## ${title} (${RANGES[i]} seconds)\n${title}: (Photosynthesis) ${title}.`,
  );
  const [relatedTitle, ...items] = related;
  return [
    ...sections,
    `## ${relatedTitle}`,
    ...items.map((item) => `- ${item}`),
    '```glossary',
    JSON.stringify([{ term: 'Photosynthesis', meaning: titles[0] }]),
    '```',
  ].join('\n');
}

describe.each(Object.keys(SAMPLES) as (keyof typeof SAMPLES)[])('an answer in %s', (language) => {
  const parsed = parseExplanation(answerIn(language));

  it('splits into its timed sections with titles in its own script', () => {
    expect(parsed.sections.map((s) => s.title)).toEqual(SAMPLES[language].titles);
    expect(parsed.sections.map((s) => s.timeRange)).toEqual([
      [0, 20],
      [20, 50],
      [50, 80],
      [80, 120],
    ]);
  });

  it('picks the icons its section words name', () => {
    expect(parsed.sections.map((s) => s.icon)).toEqual([
      'Brain',
      'Key',
      'AlertTriangle',
      'CheckSquare',
    ]);
  });

  it('reads the related concepts from its own related section and hides the glossary', () => {
    expect(parsed.relatedConcepts).toEqual(SAMPLES[language].related.slice(1));
    expect(parsed.sections.at(-1)?.content).not.toContain('glossary');
    expect(parsed.sections.at(-1)?.content).not.toContain('Photosynthesis","meaning');
  });
});

describe('parsing text in the Indian scripts', () => {
  it('reads ranges written with the seconds word or the digits of each script', () => {
    expect(parseTimeRange('परिचय (0-20 सेकंड)')).toEqual([0, 20]);
    expect(parseTimeRange('परिचय (०-२० सेकंड)')).toEqual([0, 20]);
    expect(parseTimeRange('ভূমিকা (২০-৪০ সেকেন্ড)')).toEqual([20, 40]);
    expect(parseTimeRange('அறிமுகம் (40-60 வினாடிகள்)')).toEqual([40, 60]);
    expect(parseTimeRange('అవగాహన (౬౦-౮౦ సెకన్లు)')).toEqual([60, 80]);
    expect(parseTimeRange('परिचय (0-20 मिनट)')).toBeNull();
    expect(cleanTitle('परिचय (०-२० सेकंड)')).toBe('परिचय');
  });

  it('keeps the joiners that shape Bengali and Devanagari letters, and drops emoji glue', () => {
    const bengali = 'র\u200D্যাব';
    expect(cleanTitle(`${bengali} (0-20 seconds)`)).toBe(bengali);
    expect(cleanTitle('👩\u200D🔬 विज्ञान')).toBe('विज्ञान');
  });

  it('strips a glossary block still being streamed', () => {
    expect(stripGraphBlocks('## क\nपाठ\n```glossary\n[{"term":"Gra')).toBe('## क\nपाठ');
    const streaming = parseExplanation('## समझ (0-20 seconds)\nपाठ\n```glossary\n[{"te');
    expect(streaming.sections).toHaveLength(1);
    expect(streaming.sections[0]?.content).toBe('पाठ');
  });
});

describe('section keywords per language', () => {
  it('gives every language the same rows, icons from the set, and words in NFC', () => {
    const rows = (list: (typeof SECTION_KEYWORDS)['hi']) => list.map(([icon]) => icon);
    for (const language of LANGUAGE_IDS) {
      if (language === 'en') continue;
      const list = SECTION_KEYWORDS[language];
      expect(rows(list)).toEqual(rows(SECTION_KEYWORDS.hi));
      for (const [icon, words] of list) {
        expect(ICON_NAMES).toContain(icon);
        expect(words.length).toBeGreaterThan(0);
      }
    }
  });

  it.each([
    ['hi', 'सिद्धांतों का परिचय', 'Key'],
    ['hi', 'संरचना और परतें', 'Box'],
    ['hi', 'ग़लतफ़हमी', 'AlertTriangle'],
    ['hi', 'गलतफ़हमी', 'AlertTriangle'],
    ['hi', 'इतिहास की समयरेखा', 'Clock'],
    ['hi', 'एक कहानी', 'MessageCircle'],
    ['bn', 'প্রয়োগ', 'Globe'],
    ['bn', 'ধাপে ধাপে', 'RefreshCw'],
    ['mr', 'फायदे', 'Rocket'],
    ['mr', 'गैरसमज आणि समज', 'AlertTriangle'],
    ['ta', 'படிகள்', 'RefreshCw'],
    ['ta', 'பயன்பாடு', 'Globe'],
    ['ta', 'பயன்கள்', 'Rocket'],
    ['te', 'ప్రశ్నలు', 'HelpCircle'],
    ['te', 'చరిత్ర', 'Clock'],
  ])('%s "%s" → %s', (_language, heading, icon) => {
    expect(iconForHeading(heading)).toBe(icon);
  });

  it('matches at the start of a word only, and lets English words and emoji come first', () => {
    // "समज" inside "गैरसमज" is not the word "समज" (understanding).
    expect(iconForHeading('गैरसमज')).toBe('AlertTriangle');
    expect(iconForHeading('असमझ')).toBe('Circle');
    expect(iconForHeading('मुख्य सिद्धांत (Key Principles)')).toBe('Key');
    expect(iconForHeading('🚀 मुख्य सिद्धांत')).toBe('Rocket');
    expect(iconForHeading('அறியாத தலைப்பு')).toBe('Circle');
  });
});
