import { useContext } from 'react';
import { UiIcon } from '../../../components/explanation/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { NarrationState } from '../hooks/use-narration.ts';
import { ExplanationActionsContext } from './explanation-actions.ts';

const AUDIO_LABEL: Record<NarrationState, string> = {
  idle: 'Audio',
  playing: 'Pause audio',
  paused: 'Resume audio',
};

/** The explanation's toolbar: audio, regenerate, print, then what the app adds (Share, Download). */
export function ActionBar({
  query,
  explanationId,
  narration,
  onToggleAudio,
  onRegenerate,
  disabled = false,
}: {
  query: string;
  /** The user's record of this explanation, for the actions the app adds. */
  explanationId: string;
  narration: NarrationState;
  onToggleAudio: () => void;
  onRegenerate: () => void;
  disabled?: boolean;
}) {
  const Added = useContext(ExplanationActionsContext);
  return (
    <div
      role="toolbar"
      aria-label="Explanation actions"
      className="grid grid-cols-2 gap-2 print:hidden sm:flex sm:flex-wrap [&>button]:px-3 sm:[&>button]:px-4"
    >
      <Button variant="secondary" onClick={onToggleAudio} aria-pressed={narration === 'playing'}>
        <UiIcon name={narration === 'playing' ? 'pause' : 'play'} className="h-4 w-4" />
        {AUDIO_LABEL[narration]}
      </Button>
      <Button variant="secondary" onClick={onRegenerate} disabled={disabled}>
        <UiIcon name="sparkles" className="h-4 w-4" />
        Regenerate
      </Button>
      <Button variant="secondary" onClick={() => window.print()}>
        <UiIcon name="printer" className="h-4 w-4" />
        Save as PDF
      </Button>
      {Added && <Added query={query} explanationId={explanationId} />}
    </div>
  );
}
