/**
 * What the services report about their work for operations (Prometheus at /metrics). Services
 * get one through their factory; tests that don't care get `silentRecorder`.
 */
export interface Recorder {
  providerCall(
    provider: string,
    outcome: 'ok' | 'failed' | 'timeout' | 'unknown_concept' | 'needs_ai_provider',
  ): void;
  answerServed(source: 'cache' | 'provider'): void;
  /** An answer checked against the two-minute promise (DESIGN.md §18). */
  answerChecked(provider: string, outcome: 'pass' | 'mended' | 'reasked' | 'failed'): void;
  unitTaken(): void;
  unitReturned(): void;
  paymentState(state: string): void;
}

export const silentRecorder: Recorder = {
  providerCall: () => undefined,
  answerServed: () => undefined,
  answerChecked: () => undefined,
  unitTaken: () => undefined,
  unitReturned: () => undefined,
  paymentState: () => undefined,
};
