import type { ExplainResponse, LanguageId } from '@grasp/contract';
import { makeResponse } from './fixtures.ts';

/** One answer per language of DESIGN.md §9, as the server relays it (glossary parsed out). */
interface Sample {
  titles: [string, string];
  text: string;
  related: string;
  glossary: ExplainResponse['glossary'];
}

export const SAMPLES: Record<Exclude<LanguageId, 'en'>, Sample> = {
  hi: {
    titles: ['प्रकाश संश्लेषण की समझ', 'मुख्य सिद्धांत'],
    text: 'पौधे सूर्य के प्रकाश से अपना भोजन बनाते हैं और ऑक्सीजन (Oxygen) छोड़ते हैं।',
    related: 'क्लोरोफिल (Chlorophyll)',
    glossary: [{ term: 'Photosynthesis', meaning: 'पौधों द्वारा प्रकाश से भोजन बनाने की प्रक्रिया।' }],
  },
  bn: {
    titles: ['সালোকসংশ্লেষণ বোঝা', 'মূল নীতি'],
    text: 'গাছ সূর্যের আলো থেকে নিজের খাবার তৈরি করে এবং অক্সিজেন (Oxygen) ছাড়ে।',
    related: 'ক্লোরোফিল (Chlorophyll)',
    glossary: [{ term: 'Photosynthesis', meaning: 'আলো থেকে গাছের খাবার তৈরির প্রক্রিয়া।' }],
  },
  mr: {
    titles: ['प्रकाशसंश्लेषण समजून घेणे', 'मुख्य तत्त्वे'],
    text: 'वनस्पती सूर्यप्रकाशापासून स्वतःचे अन्न तयार करतात आणि ऑक्सिजन (Oxygen) सोडतात.',
    related: 'हरितद्रव्य (Chlorophyll)',
    glossary: [{ term: 'Photosynthesis', meaning: 'प्रकाशापासून वनस्पतींचे अन्न तयार होण्याची क्रिया.' }],
  },
  ta: {
    titles: ['ஒளிச்சேர்க்கை புரிதல்', 'முக்கியக் கொள்கைகள்'],
    text: 'தாவரங்கள் சூரிய ஒளியிலிருந்து தங்கள் உணவைத் தயாரித்து ஆக்சிஜனை (Oxygen) வெளியிடுகின்றன.',
    related: 'பச்சையம் (Chlorophyll)',
    glossary: [{ term: 'Photosynthesis', meaning: 'ஒளியிலிருந்து தாவரங்கள் உணவு தயாரிக்கும் செயல்.' }],
  },
  te: {
    titles: ['కిరణజన్య సంయోగక్రియ అవగాహన', 'ముఖ్య సూత్రాలు'],
    text: 'మొక్కలు సూర్యకాంతి నుండి తమ ఆహారాన్ని తయారు చేసుకుని ఆక్సిజన్‌ను (Oxygen) విడుదల చేస్తాయి.',
    related: 'పత్రహరితం (Chlorophyll)',
    glossary: [{ term: 'Photosynthesis', meaning: 'కాంతి నుండి మొక్కలు ఆహారం తయారుచేసే ప్రక్రియ.' }],
  },
};

export function responseIn(language: Exclude<LanguageId, 'en'>): ExplainResponse {
  const { titles, text, related, glossary } = SAMPLES[language];
  return makeResponse({
    language,
    provider: 'remote-openai',
    response: `## ${titles[0]} (0-60 seconds)\n${text}\n\n## ${titles[1]} (60-120 seconds)\n${text}`,
    relatedConcepts: [related],
    glossary,
  });
}
