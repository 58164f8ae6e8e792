import type { Reference } from '../../../../common/textbook';
import type { RetrievedChunk } from '../../material';

/** Longest excerpt given to the model, in characters (bounded so prompts fit small local models too). */
const excerptChars = 1800;

export interface NumberedMaterial {
  text: string;
  keys: Set<string>;
}

/** Retrieved chunks as [S1]..[Sn] and approved references as [R1]..[Rm], ready for a prompt. */
export function numberMaterial(chunks: RetrievedChunk[], references: Reference[]): NumberedMaterial {
  const keys = new Set<string>();
  const lines: string[] = [];
  if (chunks.length) {
    lines.push("Source excerpts from the user's material:");
    chunks.forEach((c, i) => {
      const key = `S${i + 1}`;
      keys.add(key);
      const heading = c.headingPath.length ? ` (${c.headingPath.join(' > ')})` : '';
      const text = c.text.length > excerptChars ? `${c.text.slice(0, excerptChars)}...` : c.text;
      lines.push(`[${key}]${heading}\n${text}`);
    });
  } else {
    lines.push('There are no source excerpts: write only what is generally established about the topic, and keep it brief.');
  }
  if (references.length) {
    lines.push('', 'Approved references you may cite:');
    references.forEach((r, i) => {
      const key = r.key ?? `R${i + 1}`;
      keys.add(key.toUpperCase());
      const meta = [r.authors, r.year ? String(r.year) : '', r.publisher].filter(Boolean).join(', ');
      lines.push(`[${key}] ${r.title}${meta ? ` (${meta})` : ''}`);
    });
  }
  return { text: lines.join('\n'), keys };
}

export const groundingRules =
  'Write for students, in clear plain paragraphs. Use only the source excerpts and references given. ' +
  'When a sentence relies on an excerpt or reference, cite it with its key in square brackets, like [S2] or [R1]. ' +
  'Never cite a key that was not given and never invent references, facts, numbers or quotations.';
