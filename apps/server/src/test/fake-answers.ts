import { type LanguageId, wordRange } from '@grasp/contract';
import { countWords } from '../features/explain/answer.ts';

/**
 * Answers as a model writes them in each language of DESIGN.md §9: section titles in the
 * language with English "(N-M seconds)" ranges, English terms in brackets, a related section in
 * the language, and the ```glossary, ```questions and ```graph blocks. Tests and the languages
 * bench use them, so every path carries text in the Indian scripts.
 */

interface LanguageSample {
  /** Four timed section titles; `{q}` is the concept. */
  titles: readonly [string, string, string, string];
  related: string;
  relatedItems: readonly [string, string];
  /** Prose to fill the sections with, repeated as needed. */
  sentence: string;
  glossary: readonly { term: string; meaning: string }[];
  questions: readonly [string, string];
}

export const LANGUAGE_SAMPLES: Record<LanguageId, LanguageSample> = {
  en: {
    titles: ['Understanding {q}', 'Key Principles', 'Common Misconception', 'Key Takeaway'],
    related: 'Related Concepts',
    relatedItems: ['Cellular respiration', 'Chlorophyll'],
    sentence: 'Plants make their own food from sunlight and release oxygen into the air.',
    glossary: [],
    questions: ['Why are leaves green?', 'What happens at night?'],
  },
  hi: {
    titles: ['{q} की समझ', 'मुख्य सिद्धांत', 'आम ग़लतफ़हमी', 'मुख्य बात'],
    related: 'संबंधित अवधारणाएँ',
    relatedItems: ['कोशिकीय श्वसन (Cellular respiration)', 'क्लोरोफिल (Chlorophyll)'],
    sentence: 'पौधे सूर्य के प्रकाश से अपना भोजन बनाते हैं और हवा में ऑक्सीजन (Oxygen) छोड़ते हैं।',
    glossary: [
      { term: 'Photosynthesis', meaning: 'पौधों द्वारा प्रकाश से भोजन बनाने की प्रक्रिया।' },
      { term: 'Chlorophyll', meaning: 'पत्तियों का हरा रंग जो प्रकाश सोखता है।' },
    ],
    questions: ['पत्तियाँ हरी क्यों होती हैं?', 'रात में क्या होता है?'],
  },
  bn: {
    titles: ['{q} বোঝা', 'মূল নীতি', 'সাধারণ ভুল ধারণা', 'সারাংশ'],
    related: 'সম্পর্কিত ধারণা',
    relatedItems: ['কোষীয় শ্বসন (Cellular respiration)', 'ক্লোরোফিল (Chlorophyll)'],
    sentence: 'গাছ সূর্যের আলো থেকে নিজের খাবার তৈরি করে এবং বাতাসে অক্সিজেন (Oxygen) ছাড়ে।',
    glossary: [
      { term: 'Photosynthesis', meaning: 'আলো থেকে গাছের খাবার তৈরির প্রক্রিয়া।' },
      { term: 'Chlorophyll', meaning: 'পাতার সবুজ রং, যা আলো শোষণ করে।' },
    ],
    questions: ['পাতা সবুজ কেন?', 'রাতে কী হয়?'],
  },
  mr: {
    titles: ['{q} समजून घेणे', 'मुख्य तत्त्वे', 'सामान्य गैरसमज', 'सारांश'],
    related: 'संबंधित संकल्पना',
    relatedItems: ['पेशीय श्वसन (Cellular respiration)', 'हरितद्रव्य (Chlorophyll)'],
    sentence: 'वनस्पती सूर्यप्रकाशापासून स्वतःचे अन्न तयार करतात आणि हवेत ऑक्सिजन (Oxygen) सोडतात.',
    glossary: [
      { term: 'Photosynthesis', meaning: 'प्रकाशापासून वनस्पतींचे अन्न तयार होण्याची क्रिया.' },
      { term: 'Chlorophyll', meaning: 'पानांचा हिरवा रंग, जो प्रकाश शोषून घेतो.' },
    ],
    questions: ['पाने हिरवी का असतात?', 'रात्री काय होते?'],
  },
  ta: {
    titles: ['{q} புரிதல்', 'முக்கியக் கொள்கைகள்', 'பொதுவான தவறான கருத்து', 'சுருக்கம்'],
    related: 'தொடர்புடைய கருத்துகள்',
    relatedItems: ['செல் சுவாசம் (Cellular respiration)', 'பச்சையம் (Chlorophyll)'],
    sentence: 'தாவரங்கள் சூரிய ஒளியிலிருந்து தங்கள் உணவைத் தயாரித்து காற்றில் ஆக்சிஜனை (Oxygen) வெளியிடுகின்றன.',
    glossary: [
      { term: 'Photosynthesis', meaning: 'ஒளியிலிருந்து தாவரங்கள் உணவு தயாரிக்கும் செயல்.' },
      { term: 'Chlorophyll', meaning: 'ஒளியை உறிஞ்சும் இலைகளின் பச்சை நிறமி.' },
    ],
    questions: ['இலைகள் ஏன் பச்சையாக உள்ளன?', 'இரவில் என்ன நடக்கிறது?'],
  },
  te: {
    titles: ['{q} అవగాహన', 'ముఖ్య సూత్రాలు', 'సాధారణ అపోహ', 'సారాంశం'],
    related: 'సంబంధిత భావనలు',
    relatedItems: ['కణ శ్వాసక్రియ (Cellular respiration)', 'పత్రహరితం (Chlorophyll)'],
    sentence: 'మొక్కలు సూర్యకాంతి నుండి తమ ఆహారాన్ని తయారు చేసుకుని గాలిలోకి ఆక్సిజన్‌ను (Oxygen) విడుదల చేస్తాయి.',
    glossary: [
      { term: 'Photosynthesis', meaning: 'కాంతి నుండి మొక్కలు ఆహారం తయారుచేసే ప్రక్రియ.' },
      { term: 'Chlorophyll', meaning: 'కాంతిని గ్రహించే ఆకుల ఆకుపచ్చ వర్ణద్రవ్యం.' },
    ],
    questions: ['ఆకులు ఆకుపచ్చగా ఎందుకు ఉంటాయి?', 'రాత్రి ఏమి జరుగుతుంది?'],
  },
};

const RANGES = ['0-30', '30-60', '60-90', '90-120'] as const;

export interface FakeAnswerOptions {
  query: string;
  /** Words of the whole answer as countWords counts them; default: the middle of its range. */
  words?: number;
}

/** The section titles of a fake answer, as the web app shows them. */
export function fakeTitles(language: LanguageId, query: string): string[] {
  return LANGUAGE_SAMPLES[language].titles.map((title) => title.replace('{q}', query));
}

/** A whole answer in `language`, exactly `words` words long (at least its headings' worth). */
export function fakeAnswer(language: LanguageId, options: FakeAnswerOptions): string {
  const sample = LANGUAGE_SAMPLES[language];
  const titles = fakeTitles(language, options.query);
  const build = (bodies: string[]) =>
    [
      ...titles.flatMap((title, i) => [`## ${title} (${RANGES[i]} seconds)`, bodies[i] ?? '']),
      `## ${sample.related}`,
      ...sample.relatedItems.map((item) => `- ${item}`),
      ...(sample.glossary.length > 0
        ? ['```glossary', JSON.stringify(sample.glossary), '```']
        : []),
      '```questions',
      JSON.stringify(sample.questions),
      '```',
      '```graph',
      JSON.stringify({
        nodes: [
          { id: 'a', label: options.query },
          { id: 'b', label: sample.relatedItems[1] },
        ],
        edges: [{ source: 'a', target: 'b' }],
      }),
      '```',
    ].join('\n');
  const overhead = countWords(build(['', '', '', '']));
  const range = wordRange(language);
  const target = options.words ?? Math.round((range.min + range.max) / 2);
  const tokens = sample.sentence.split(' ');
  const fill = Math.max(0, target - overhead);
  const bodies = titles.map((_title, i) => {
    const count = Math.floor(fill / 4) + (i < fill % 4 ? 1 : 0);
    return Array.from({ length: count }, (_w, k) => tokens[k % tokens.length]).join(' ');
  });
  return build(bodies);
}
