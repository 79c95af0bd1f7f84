import type { ExplanationSection } from '@grasp/contract';
import { ERROR_MESSAGES } from '@grasp/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SectionStatus } from '../components/section-card.tsx';
import { markdownToPlainText } from '../lib/plain-text.ts';

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

/** Reads the sections aloud one by one with the browser's speech synthesis. */
export function useNarration(sections: readonly ExplanationSection[]): Narration {
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
    (at: number, id: number) => {
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
      utterance.onend = () => speak(at + 1, id);
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
      setState('playing');
      speak(0, run.current);
    }
  }, [speak, state]);

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
