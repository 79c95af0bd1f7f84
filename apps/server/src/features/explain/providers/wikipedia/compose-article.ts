import {
  ARTICLE_FRAMES,
  type Difficulty,
  type LanguageId,
  READING_WPM,
  type Source,
  type TemplateId,
  WIKIPEDIA_LICENSE,
} from '@grasp/contract';
import { type ArticleSentence, articleSentences, isTailHeading, seeAlso } from './article-text.ts';
import { fleschKincaidGrade } from './readability.ts';

/** An article as TextExtracts gave it. */
export interface Article {
  title: string;
  url: string;
  /** Plain text, `== Heading ==` sections. */
  extract: string;
  /** The language it is written in (Simple English is English). */
  language: LanguageId;
}

export interface ArticleAsk {
  template: TemplateId;
  difficulty: Difficulty;
  language: LanguageId;
  /** Titles of the other pages the search found: related concepts when the article names none. */
  otherTitles?: readonly string[];
}

/** The explanation's text (no blocks), what it cites, and how many of its words are the article's. */
export interface ComposedExplanation {
  markdown: string;
  sources: Source[];
  related: string[];
  /** The words of the article's sentences in it (the rest is the frame). */
  articleWords: number;
  /** The sentences chosen, for measuring (grade, words). */
  sentences: string[];
}

type Role = 'what' | 'how' | 'example' | 'takeaway';
const ROLES: readonly Role[] = ['what', 'how', 'example', 'takeaway'];
const RANGES: Record<Role, string> = {
  what: '0-30',
  how: '30-70',
  example: '70-100',
  takeaway: '100-120',
};
/** Each section's share of the words. */
const SHARES: Record<Role, number> = { what: 0.27, how: 0.3, example: 0.25, takeaway: 0.18 };
/** English words a level aims at: inside the two-minute range, the frame's words on top. */
const TARGET_WORDS: Record<Difficulty, number> = {
  beginner: 190,
  intermediate: 300,
  advanced: 400,
};

// What each role's sentences tend to say, in the languages we read.
const CUES: Record<Exclude<Role, 'what'>, RegExp> = {
  how: /\b(?:works?|process|because|through|by which|converts?|causes?|produces?|uses?|made|makes|happens|occurs|turns?|forms?|moves?|changes?)\b|प्रक्रिया|कारण|द्वारा|করে|কারণ|প্রক্রিয়া|प्रक्रिया|मुळे|செயல்|மூலம்|ద్వారా|ప్రక్రియ/iu,
  example:
    /\b(?:for example|for instance|such as|e\.g\.|example|include|includes|including|everyday|common)\b|उदाहरण|जैसे|উদাহরণ|যেমন|उदाहरणार्थ|जसे|உதாரணம்|எடுத்துக்காட்டு|போன்ற|ఉదాహరణ|వంటి/iu,
  takeaway:
    /\b(?:important|essential|vital|needed|necessary|helps?|allows?|useful|without|life|people)\b|महत्वपूर्ण|महत्त्वपूर्ण|आवश्यक|গুরুত্বপূর্ণ|প্রয়োজন|महत्त्वाचे|आवश्यक|முக்கிய|அவசியம்|ముఖ్యమైన|అవసరం/iu,
};
// The sections of an article that say each part, by their headings.
const SECTION_CUES: Record<Exclude<Role, 'what'>, RegExp> = {
  how: /process|how|mechanism|works|structure|cause|formation|stages|types|explanation|parts|प्रक्रिया|चरण|প্রক্রিয়া|செயல்முறை|ప్రక్రియ/iu,
  example: /example|उदाहरण|উদাহরণ|எடுத்துக்காட்டு|ఉదాహరణ/iu,
  takeaway:
    /importance|significance|effects|uses|safety|why it matters|महत्व|महत्त्व|গুরুত্ব|முக்கியத்துவம்|ప్రాముఖ్యత/iu,
};
const DEFINING = /\b(?:is|are|was|were|refers to|means)\b|है|हैं|হল|হলো|আছে|आहे|ஆகும்|ஆகும்|అనేది|ఉంది/u;

const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

interface Candidate extends ArticleSentence {
  n: number;
  words: number;
  /** Lower is plainer. */
  plainness: number;
  /** The level may use it (a beginner's are short and plain). */
  fits: boolean;
  /** Its section's heading, or else its words, say this part. */
  bySection: Record<Exclude<Role, 'what'>, boolean>;
  byText: Record<Exclude<Role, 'what'>, boolean>;
}

/** A beginner's sentence cut at its first semicolon when it runs on (DESIGN.md §18 allows it). */
function trimmed(text: string, difficulty: Difficulty): string {
  if (difficulty !== 'beginner') return text;
  const cut = text.indexOf(';');
  if (cut < 0 || wordCount(text) <= 20) return text;
  const first = text.slice(0, cut).trim();
  return wordCount(first) >= 6 ? `${first}.` : text;
}

function candidatesOf(articles: readonly Article[], ask: ArticleAsk): Candidate[] {
  return articles.flatMap((article, i) =>
    articleSentences(article.extract).map((s) => {
      const text = trimmed(s.text, ask.difficulty);
      const words = wordCount(text);
      // English is graded; other scripts are judged by length alone.
      // Only a beginner's sentences are ranked by plainness; English is graded, others by length.
      const graded = ask.difficulty === 'beginner' && ask.language === 'en';
      const grade = graded ? fleschKincaidGrade([text]) : words / 2;
      const plainness = grade + words * 0.12;
      const cue = (test: (role: Exclude<Role, 'what'>) => boolean) => ({
        how: test('how'),
        example: test('example'),
        takeaway: test('takeaway'),
      });
      return {
        ...s,
        text,
        n: i + 1,
        words,
        plainness,
        fits: fitsLevel(text, words, plainness, ask.difficulty),
        bySection: cue((role) => SECTION_CUES[role].test(s.section)),
        byText: cue((role) => CUES[role].test(text)),
      };
    }),
  );
}

/** The order a level reads candidates in: a beginner the plainest first, higher levels the body. */
function levelOrder(difficulty: Difficulty): (a: Candidate, b: Candidate) => number {
  if (difficulty === 'beginner') return (a, b) => a.plainness - b.plainness || a.index - b.index;
  if (difficulty === 'intermediate') return (a, b) => a.n - b.n || a.index - b.index;
  // Advanced: the body before the lead, the lead being what a beginner already has.
  const depth = (c: Candidate) => (c.section === '' ? 1 : 0);
  return (a, b) => a.n - b.n || depth(a) - depth(b) || a.index - b.index;
}

/** Sentences a beginner cannot read easily are left for the higher levels. */
const fitsLevel = (text: string, words: number, plainness: number, difficulty: Difficulty) =>
  difficulty !== 'beginner' ||
  (words <= 26 && plainness <= 16 && !/[=→+×÷]|\d\p{Lu}|\p{Lu}\d/u.test(text));

/**
 * Composes an explanation from the articles (DESIGN.md §18): the article's own sentences, each
 * cited [n], chosen for the level, in four timed sections; null when the articles have too
 * little prose for two minutes.
 */
export function composeFromArticles(
  articles: readonly Article[],
  ask: ArticleAsk,
): ComposedExplanation | null {
  const first = articles[0];
  if (!first) return null;
  const ratio = READING_WPM[ask.language] / READING_WPM.en;
  const target = Math.round(TARGET_WORDS[ask.difficulty] * ratio);
  const all = candidatesOf(articles, ask);
  const used = new Set<Candidate>();
  const chosen: Record<Role, Candidate[]> = { what: [], how: [], example: [], takeaway: [] };
  const words = () => [...used].reduce((sum, c) => sum + c.words, 0);
  const take = (role: Role, c: Candidate) => {
    used.add(c);
    chosen[role].push(c);
  };
  const order = levelOrder(ask.difficulty);
  // Sorted once: every pool below is a filter of it, in the level's order.
  const ordered = all.filter((c) => c.fits).sort(order);
  const pool = (test: (c: Candidate) => boolean) => ordered.filter((c) => !used.has(c) && test(c));

  // What it is: the lead's first defining sentence, whatever its length.
  const definition =
    all.find((c) => c.n === 1 && c.section === '' && DEFINING.test(c.text)) ?? all[0];
  if (!definition) return null;
  take('what', definition);
  const cuedFor = (role: Role) =>
    role === 'what'
      ? pool((c) => c.n === 1 && c.section === '')
      : [...pool((c) => c.bySection[role]), ...pool((c) => !c.bySection[role] && c.byText[role])];
  // One sentence for each part first, so a short article still says how it works and an example.
  for (const role of ROLES) {
    const best = cuedFor(role)[0] ?? pool(() => true)[0];
    if (best && chosen[role].length === 0) take(role, best);
  }
  const available = ordered.reduce((sum, c) => sum + c.words, 0);
  const goal = Math.min(target, available * 0.9);
  for (const role of ROLES) {
    const budget = goal * SHARES[role];
    const sectionWords = () => chosen[role].reduce((sum, c) => sum + c.words, 0);
    for (const c of [...cuedFor(role), ...pool(() => true)]) {
      if (sectionWords() >= budget * 0.85) break;
      if (used.has(c)) continue;
      if (sectionWords() + c.words > budget * 1.5) continue;
      take(role, c);
    }
  }
  // Short of two minutes: any sentence left, where it says most.
  const min = Math.round(150 * ratio);
  for (const c of all.filter((x) => !used.has(x)).sort(order)) {
    if (words() >= Math.max(min * 1.15, goal * 0.9)) break;
    if (!c.fits) continue;
    const role = ROLES.find((r) => r !== 'what' && (c.bySection[r] || c.byText[r])) ?? 'how';
    take(role, c);
  }
  if (words() < min * 0.85 || ROLES.some((r) => chosen[r].length === 0)) return null;

  const frame = ARTICLE_FRAMES[ask.language];
  const titles: Record<Role, string> = {
    what: frame.what.replace('{title}', first.title),
    how: frame.how,
    example: frame.example,
    takeaway: frame.takeaway,
  };
  const sections = ROLES.map((role) => {
    const text = chosen[role]
      .sort((a, b) => a.n - b.n || a.index - b.index)
      .map((c) => `${c.text} [${c.n}]`)
      .join(' ');
    return `## ${titles[role]} (${RANGES[role]} seconds)\n\n${text}`;
  });
  const related = relatedOf(articles, ask);
  const cited = new Set([...used].map((c) => c.n));
  const sources = articles.flatMap((article, i): Source[] =>
    cited.has(i + 1) ? [sourceOf(article, i + 1, all.find((c) => c.n === i + 1)?.text)] : [],
  );
  const markdown = [
    ...sections,
    `## ${frame.related}\n\n${related.map((r) => `- ${r}`).join('\n')}`,
  ].join('\n\n');
  const sentences = ROLES.flatMap((r) => chosen[r].map((c) => c.text));
  return { markdown, sources, related, articleWords: words(), sentences };
}

function relatedOf(articles: readonly Article[], ask: ArticleAsk): string[] {
  const first = articles[0];
  const named = first ? seeAlso(first.extract) : [];
  const others = (ask.otherTitles ?? []).filter((t) => t !== first?.title);
  const headings = first
    ? [...first.extract.matchAll(/^==\s*([^=]+?)\s*==\s*$/gm)]
        .map((m) => m[1] ?? '')
        .filter((h) => !Object.values(SECTION_CUES).some((cue) => cue.test(h)) && !isTailHeading(h))
    : [];
  const seen = new Set<string>();
  return [...named, ...others, ...headings]
    .map((r) => r.trim())
    .filter((r) => r && !seen.has(r.toLowerCase()) && seen.add(r.toLowerCase()))
    .slice(0, 3);
}

function sourceOf(article: Article, n: number, firstSentence: string | undefined): Source {
  return {
    n,
    title: article.title,
    url: article.url,
    excerpt: (firstSentence ?? article.title).slice(0, 300),
    origin: 'wikipedia',
    language: article.language,
    license: WIKIPEDIA_LICENSE,
  };
}
