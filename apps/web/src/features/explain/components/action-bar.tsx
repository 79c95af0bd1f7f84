import { Button } from '../../../components/ui/button.tsx';
import type { NarrationState } from '../hooks/use-narration.ts';
import { shareConcept } from '../lib/share.ts';
import { UiIcon } from './icons.tsx';

const AUDIO_LABEL: Record<NarrationState, string> = {
  idle: 'Audio',
  playing: 'Pause audio',
  paused: 'Resume audio',
};

export function ActionBar({
  query,
  narration,
  onToggleAudio,
  onRegenerate,
  disabled = false,
}: {
  query: string;
  narration: NarrationState;
  onToggleAudio: () => void;
  onRegenerate: () => void;
  disabled?: boolean;
}) {
  return (
    <div role="toolbar" aria-label="Explanation actions" className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => void shareConcept(query)}>
        <UiIcon name="share" className="h-4 w-4" />
        Share
      </Button>
      <Button variant="secondary" onClick={onToggleAudio} aria-pressed={narration === 'playing'}>
        <UiIcon name={narration === 'playing' ? 'pause' : 'play'} className="h-4 w-4" />
        {AUDIO_LABEL[narration]}
      </Button>
      <Button variant="secondary" onClick={onRegenerate} disabled={disabled}>
        <UiIcon name="sparkles" className="h-4 w-4" />
        Regenerate
      </Button>
    </div>
  );
}
