import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ResultError, ResultLoading } from '../../explain/components/result-status.tsx';
import { ResultView } from '../../explain/components/result-view.tsx';
import { StreamingView } from '../../explain/components/streaming-view.tsx';
import { type DistilledConcept, useDistillStore } from '../stores/distill-store.ts';

/** A card's explanation in the dashboard's own views: loading, streaming, error or result. */
export function InlineExplanation({
  concept,
  onRetry,
  onRegenerate,
}: {
  concept: DistilledConcept;
  onRetry: () => void;
  onRegenerate: () => void;
}) {
  const navigate = useNavigate();
  // Related concepts and other styles are the dashboard's business; hand the query over.
  const openInDashboard = (query: string) =>
    navigate(paths.dashboard, { state: { initialQuery: query } });
  const { explanation, name } = concept;
  const fromMaterial = useDistillStore((state) => state.material !== null);

  switch (explanation.status) {
    case 'loading':
      return explanation.text ? (
        <StreamingView
          query={name}
          text={explanation.text}
          provider={explanation.provider}
          fromMaterial={fromMaterial}
        />
      ) : (
        <ResultLoading query={name} provider={explanation.provider} fromMaterial={fromMaterial} />
      );
    case 'error':
      return <ResultError error={explanation.error} onRetry={onRetry} />;
    case 'done':
      return (
        <ResultView
          key={explanation.content.response}
          concept={{ query: name, content: explanation.content }}
          onSearch={openInDashboard}
          onRegenerate={onRegenerate}
          onChangeStyle={() => openInDashboard(name)}
        />
      );
    default:
      return null;
  }
}
