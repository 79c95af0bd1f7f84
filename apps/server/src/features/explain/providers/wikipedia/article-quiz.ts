import { QUIZ_MIN_QUESTIONS, type QuizDraft } from '@grasp/contract';
import { NeedsAiProviderError, type QuizInput } from '../provider.ts';
import { citedSentences } from './article-follow-up.ts';

const KEY_WORD = /\p{L}[\p{L}\p{M}-]{5,}/gu;
const CITATION = /\s*\[\d+\]/g;

/** The sentence's longest word that the title does not already give away. */
function keyWordOf(sentence: string, title: string): string | undefined {
  const given = title.toLowerCase();
  return (sentence.replace(CITATION, '').match(KEY_WORD) ?? [])
    .filter((w) => !given.includes(w.toLowerCase()))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * A quiz on a Wikipedia-built explanation from its own sentences: in each section one sentence
 * with its key word left out, the other options key words of the other sections. The `why` is
 * the sentence itself, cited as it was.
 */
export function quizFromExplanation(input: QuizInput): QuizDraft {
  const { explanation } = input;
  const picked = explanation.sections.flatMap((section) => {
    const sentences = citedSentences(section.content);
    for (const sentence of sentences) {
      const word = keyWordOf(sentence, explanation.query);
      if (word) return [{ section: section.title, sentence, word }];
    }
    return [];
  });
  const words = [...new Set(picked.map((p) => p.word))];
  const questions = picked.flatMap((p, i) => {
    const others = words.filter((w) => w.toLowerCase() !== p.word.toLowerCase());
    if (others.length < 3) return [];
    const wrong = [0, 1, 2].map((k) => others[(i + k) % others.length] ?? '');
    const correctChoice = i % 4;
    const options = [...wrong];
    options.splice(correctChoice, 0, p.word);
    const blank = p.sentence.replace(CITATION, '').replace(p.word, '_____');
    return [
      {
        section: p.section,
        prompt: `Which word completes the sentence? “${blank}”`,
        options,
        correctChoice,
        why: p.sentence,
      },
    ];
  });
  if (questions.length < QUIZ_MIN_QUESTIONS) {
    throw new NeedsAiProviderError(
      'This explanation has too few sentences for a quiz; an AI provider can make one.',
    );
  }
  return { questions };
}
