/**
 * Citation keys in model text: [R1] approved references, [S2] source
 * excerpts. The model may cite only keys it was given: any other
 * key is removed, and a bracket left empty goes with it. Source keys are
 * grounding for the model, not for readers, so they are removed from the
 * printed text once checked; reference keys stay and match content.references.
 */
const citation = /\s?\[((?:[RS]\s?\d{1,4})(?:\s*[,;]\s*[RS]\s?\d{1,4})*)\]/gi;
const bareNumeric = /\s?\[(\d{1,4}(?:\s*[,;–-]\s*\d{1,4})*)\]/g;

export interface CitationResult {
  text: string;
  /** Keys the model used that it had not been given. */
  removed: string[];
}

export function keepGivenCitations(text: string, allowed: Set<string>, opts: { keepSourceKeys?: boolean } = {}): CitationResult {
  const removed: string[] = [];
  let out = text.replace(citation, (whole, inner: string) => {
    const keys = inner.split(/\s*[,;]\s*/).map((k) => k.replace(/\s+/g, '').toUpperCase());
    const kept = keys.filter((k) => {
      const ok = allowed.has(k);
      if (!ok) removed.push(k);
      return ok && (opts.keepSourceKeys || !k.startsWith('S'));
    });
    return kept.length ? ` [${kept.join(', ')}]` : '';
  });
  // "[12]" style numbers were never given: the model made them up.
  out = out.replace(bareNumeric, (_whole, inner: string) => {
    removed.push(inner);
    return '';
  });
  return {
    text: out
      .replace(/\s+([.,;:!?])/g, '$1')
      .replace(/\s{2,}/g, ' ')
      .trim(),
    removed,
  };
}
