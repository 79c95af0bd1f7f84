import type { LanguageId } from '../languages.ts';

/**
 * The frame of an explanation composed from a Wikipedia article (DESIGN.md §18): its section
 * titles in each language, with the words the web app turns into icons. Everything between
 * them is the article's own sentences.
 */
export interface ArticleFrame {
  /** What the thing is; `{title}` is the article's title. */
  what: string;
  how: string;
  example: string;
  takeaway: string;
  related: string;
}

export const ARTICLE_FRAMES: Record<LanguageId, ArticleFrame> = {
  en: {
    what: 'Understanding {title}',
    how: 'Key Principles',
    example: 'Evidence and Examples',
    takeaway: 'Key Takeaway',
    related: 'Related Concepts',
  },
  hi: {
    what: '{title} की समझ',
    how: 'मुख्य सिद्धांत',
    example: 'उदाहरण',
    takeaway: 'मुख्य बात',
    related: 'संबंधित अवधारणाएँ',
  },
  bn: {
    what: '{title} বোঝা',
    how: 'মূল নীতি',
    example: 'উদাহরণ',
    takeaway: 'মূল কথা',
    related: 'সম্পর্কিত ধারণা',
  },
  mr: {
    what: '{title}: समज',
    how: 'मुख्य तत्त्वे',
    example: 'उदाहरण',
    takeaway: 'मुख्य मुद्दा',
    related: 'संबंधित संकल्पना',
  },
  ta: {
    what: '{title}: புரிதல்',
    how: 'முக்கிய கொள்கைகள்',
    example: 'எடுத்துக்காட்டு',
    takeaway: 'முக்கிய கருத்து',
    related: 'தொடர்புடைய கருத்துகள்',
  },
  te: {
    what: '{title}: అవగాహన',
    how: 'ముఖ్య సూత్రాలు',
    example: 'ఉదాహరణ',
    takeaway: 'ముఖ్యాంశం',
    related: 'సంబంధిత భావనలు',
  },
};

/** The licence Wikipedia's text is under: every source built from it carries it. */
export const WIKIPEDIA_LICENSE = 'CC BY-SA 4.0';
export const WIKIPEDIA_LICENSE_URL = 'https://creativecommons.org/licenses/by-sa/4.0/';

/** What the explanation page says of where a text came from (DESIGN.md §18). */
export const SOURCE_NOTICES = {
  /** Beside a source whose text is Wikipedia's: the attribution its licence asks for. */
  wikipediaAttribution: 'Text from Wikipedia, shared under',
  licenseName: WIKIPEDIA_LICENSE,
  /** The model failed and the no-key explainer answered: plain, calm and honest. */
  fallbackFromWikipedia:
    'The AI provider could not answer just now, so this explanation is made of sentences from the Wikipedia article listed under Sources. It cost you no unit.',
  fallbackFromDictionary:
    'The AI provider could not answer just now, so this explanation was built from the WordNet dictionary instead. It cost you no unit.',
  fallbackTitle: 'Written without the AI provider',
} as const;
