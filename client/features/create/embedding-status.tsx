import { useEffect, useState } from 'react';
import type { EmbeddingProgress } from '@common/extract';
import { fetchEmbeddingProgress } from './create.api';

/** How often the background embeddings are asked about while they run. */
const pollMs = 1000;

/**
 * One quiet line under the analysis: the material's sentence vectors are made after extraction
 * answered (docs/decisions.md, "Embeddings in the background"); this says how far they are. It
 * blocks nothing: generation waits for them only when it needs them.
 */
export function EmbeddingStatus({ sourceIds }: { sourceIds: number[] }) {
  const [progress, setProgress] = useState<EmbeddingProgress | null>(null);
  const key = sourceIds.join(',');

  useEffect(() => {
    if (!key) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const p = await fetchEmbeddingProgress(key.split(',').map(Number));
      if (!active) return;
      setProgress(p);
      if (p && !p.done) timer = setTimeout(() => void poll(), pollMs);
    };
    void poll();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [key]);

  if (!progress || progress.total === 0) return null;
  return (
    <p role="status" className="text-sm text-slate-600 dark:text-slate-400" data-testid="embedding-status">
      {progress.done
        ? `Semantic search ready: ${progress.total.toLocaleString()} passages indexed.`
        : `Indexing your material for semantic search: ${progress.percent}% (${progress.embedded.toLocaleString()} of ${progress.total.toLocaleString()} passages).`}
    </p>
  );
}
