import type { FoundReference } from '../found-reference';

/** Why an index record did not become a reference (tests assert every skip has one). */
export interface SkippedRecord {
  index: number;
  reason: string;
}

export interface MapResult {
  references: FoundReference[];
  skipped: SkippedRecord[];
}

/** Maps each record, collecting a reason for each one that cannot be a reference. */
export function mapRecords<T>(records: readonly T[], mapOne: (record: T) => FoundReference | string): MapResult {
  const result: MapResult = { references: [], skipped: [] };
  records.forEach((record, index) => {
    const mapped = mapOne(record);
    if (typeof mapped === 'string') result.skipped.push({ index, reason: mapped });
    else result.references.push(mapped);
  });
  return result;
}

/** Record types that describe something around a work rather than a work one can cite. */
export const nonCitableTypes = new Set(['peer-review', 'paratext', 'erratum', 'retraction', 'grant', 'component']);

export class UnexpectedResponseError extends Error {
  constructor(provider: string, detail: string) {
    super(`${provider} answered in an unexpected shape: ${detail}`);
    this.name = 'UnexpectedResponseError';
  }
}
