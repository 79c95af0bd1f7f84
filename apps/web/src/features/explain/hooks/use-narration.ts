import type { ExplanationSection } from '@grasp/contract';
import {
  ERROR_MESSAGES,
  LANGUAGE_ENGLISH_NAMES,
  LANGUAGE_NAMES,
  type LanguageId,
} from '@grasp/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SectionStatus } from '../../../components/explanation/section-card.tsx';
import { markdownToPlainText } from '../../../lib/plain-text.ts';

export type NarrationState = 'idle' | 'playing' | 'paused';

export interface Narration {
  state: NarrationState;
  /** Play from the start, resume, or pause, depending on the state. */
  toggle: () => void;
  stop: () => void;
  statusOf: (index: number) => SectionStatus | undefined;
}

function synth(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window
    ? window.speechSynthesis
    : null;
}

/** How long to wait for the browser's voice list, which some load after the first call. */
const VOICES_WAIT_MS = 1_500;

/** The browser's voices; Chrome fills the list a moment after the page asks for it first. */
function voicesOf(engine: SpeechSynthesis): Promise<SpeechSynthesisVoice[]> {
  const now = engine.getVoices();
  if (now.length > 0) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      engine.removeEventListener?.('voiceschanged', done);
      resolve(engine.getVoices());
    };
    const timer = setTimeout(done, VOICES_WAIT_MS);
    engine.addEventListener?.('voiceschanged', done);
  });
}

/** A voice that speaks the language ("hi-IN", "hi_IN" and "hi" all speak Hindi). */
export function voiceFor(
  voices: readonly SpeechSynthesisVoice[],
  language: LanguageId,
): SpeechSynthesisVoice | undefined {
  const speaks = (voice: SpeechSynthesisVoice) =>
    voice.lang.toLowerCase().replace('_', '-').split('-')[0] === language;
  const matching = voices.filter(speaks);
  return (
    matching.find((v) => v.lang.toLowerCase().replace('_', '-') === `${language}-in`) ?? matching[0]
  );
}

/** Said when the browser cannot read the language aloud (DESIGN.md §9). */
export function noVoiceMessage(language: LanguageId): string {
  return `Your browser has no ${LANGUAGE_NAMES[language]} (${LANGUAGE_ENGLISH_NAMES[language]}) voice, so it cannot read this explanation aloud. A voice for the language can be added in your device's speech or language settings.`;
}

/**
 * Reads the sections aloud one by one with the browser's speech synthesis, in a voice of the
 * explanation's language; English uses the browser's default voice.
 */
export function useNarration(
  sections: readonly ExplanationSection[],
  language: LanguageId = 'en',
): Narration {
  const [state, setState] = useState<NarrationState>('idle');
  const [index, setIndex] = useState(-1);
  // Bumped on every stop so the end events of cancelled utterances are ignored.
  const run = useRef(0);

  const stop = useCallback(() => {
    run.current += 1;
    synth()?.cancel();
    setState('idle');
    setIndex(-1);
  }, []);

  const speak = useCallback(
    (at: number, id: number, voice: SpeechSynthesisVoice | undefined) => {
      const engine = synth();
      const section = sections[at];
      if (!engine || !section || run.current !== id) {
        if (run.current === id) stop();
        return;
      }
      setIndex(at);
      const utterance = new SpeechSynthesisUtterance(
        `${section.title}. ${markdownToPlainText(section.content)}`,
      );
      if (voice) {
        utterance.voice = voice;
        utterance.lang = voice.lang;
      }
      utterance.onend = () => speak(at + 1, id, voice);
      utterance.onerror = () => {
        if (run.current === id) stop();
      };
      engine.speak(utterance);
    },
    [sections, stop],
  );

  const toggle = useCallback(() => {
    const engine = synth();
    if (!engine) {
      window.alert(ERROR_MESSAGES.audioUnsupported);
      return;
    }
    if (state === 'playing') {
      engine.pause();
      setState('paused');
    } else if (state === 'paused') {
      engine.resume();
      setState('playing');
    } else {
      engine.cancel();
      run.current += 1;
      const id = run.current;
      if (language === 'en') {
        setState('playing');
        speak(0, id, undefined);
        return;
      }
      void voicesOf(engine).then((voices) => {
        if (run.current !== id) return;
        const voice = voiceFor(voices, language);
        if (!voice) {
          window.alert(noVoiceMessage(language));
          return;
        }
        setState('playing');
        speak(0, id, voice);
      });
    }
  }, [language, speak, state]);

  // A new explanation, or leaving the page, silences the old one.
  useEffect(() => stop, [stop]);

  const statusOf = useCallback(
    (at: number): SectionStatus | undefined => {
      if (state === 'idle') return undefined;
      if (at < index) return 'completed';
      return at === index ? 'active' : 'pending';
    },
    [index, state],
  );

  return { state, toggle, stop, statusOf };
}
