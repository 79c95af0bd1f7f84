import type { ExplanationSection } from '@grasp/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noVoiceMessage, useNarration, voiceFor } from './use-narration.ts';

const SECTIONS: ExplanationSection[] = [
  {
    title: 'प्रकाश संश्लेषण की समझ',
    content: 'पौधे **भोजन** बनाते हैं।',
    timeRange: [0, 60],
    icon: 'Brain',
  },
  { title: 'मुख्य बात', content: 'ऑक्सीजन (Oxygen)।', timeRange: [60, 120], icon: 'CheckSquare' },
];

const voice = (lang: string, name = lang) => ({ lang, name }) as SpeechSynthesisVoice;

class FakeUtterance {
  voice: SpeechSynthesisVoice | null = null;
  lang = '';
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly text: string) {}
}

/** A stand-in for the browser's speech engine: its voices may arrive late, as in Chrome. */
function fakeEngine(initial: SpeechSynthesisVoice[]) {
  let voices = initial;
  const listeners = new Set<() => void>();
  const engine = {
    spoken: [] as FakeUtterance[],
    getVoices: () => voices,
    speak: vi.fn((u: FakeUtterance) => engine.spoken.push(u)),
    cancel: vi.fn(),
    pause: vi.fn(),
    resume: vi.fn(),
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    arrive(next: SpeechSynthesisVoice[]) {
      voices = next;
      for (const listener of [...listeners]) listener();
    },
  };
  vi.stubGlobal('speechSynthesis', engine);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return engine;
}

describe('reading an explanation aloud in its language', () => {
  let alert: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('picks a voice of the language, preferring its Indian variant', () => {
    const voices = [
      voice('en-US'),
      voice('hi_IN', 'Lekha'),
      voice('ta-LK'),
      voice('ta-IN', 'Vani'),
    ];
    expect(voiceFor(voices, 'hi')?.name).toBe('Lekha');
    expect(voiceFor(voices, 'ta')?.name).toBe('Vani');
    expect(voiceFor(voices, 'te')).toBeUndefined();
  });

  it('reads Hindi sections with a Hindi voice', async () => {
    const hindi = voice('hi-IN', 'Lekha');
    const engine = fakeEngine([voice('en-US'), hindi]);
    const { result } = renderHook(() => useNarration(SECTIONS, 'hi'));
    act(() => result.current.toggle());
    await waitFor(() => expect(result.current.state).toBe('playing'));
    const [first] = engine.spoken;
    expect(first?.voice).toBe(hindi);
    expect(first?.lang).toBe('hi-IN');
    expect(first?.text).toBe('प्रकाश संश्लेषण की समझ. पौधे भोजन बनाते हैं।');
    act(() => first?.onend?.());
    expect(engine.spoken[1]?.voice).toBe(hindi);
    expect(alert).not.toHaveBeenCalled();
  });

  it('waits for voices the browser lists late', async () => {
    const engine = fakeEngine([]);
    const { result } = renderHook(() => useNarration(SECTIONS, 'hi'));
    act(() => result.current.toggle());
    act(() => engine.arrive([voice('hi-IN')]));
    await waitFor(() => expect(result.current.state).toBe('playing'));
    expect(engine.spoken[0]?.lang).toBe('hi-IN');
  });

  it('says clearly when the browser has no voice for the language, and reads nothing', async () => {
    const engine = fakeEngine([voice('en-US'), voice('hi-IN')]);
    const { result } = renderHook(() => useNarration(SECTIONS, 'te'));
    act(() => result.current.toggle());
    await waitFor(() => expect(alert).toHaveBeenCalledWith(noVoiceMessage('te')));
    expect(noVoiceMessage('te')).toContain('no తెలుగు (Telugu) voice');
    expect(engine.speak).not.toHaveBeenCalled();
    expect(result.current.state).toBe('idle');
  });

  it('reads English with the browser’s default voice, as before', () => {
    const engine = fakeEngine([]);
    const { result } = renderHook(() => useNarration(SECTIONS));
    act(() => result.current.toggle());
    expect(result.current.state).toBe('playing');
    expect(engine.spoken[0]?.voice).toBeNull();
  });
});
