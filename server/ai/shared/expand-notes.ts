import type { Material } from '@server/ai/material';

export const noMaterialNote = 'This textbook has no source material linked to it, so there is nothing to expand from.';

function listNames(names: string[]): string {
  const quoted = [...new Set(names)].map((n) => `"${n}"`);
  if (quoted.length <= 1) return quoted[0] ?? 'the sources';
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

/** The sources that were searched, by file name ("typed text" for text entered directly). */
export function sourceNames(material: Material): string[] {
  return material.sources.map((s) => s.filename || 'typed text');
}

/**
 * The answer when an expansion found nothing: which sources were searched
 * and that everything they hold on the topic is already in the textbook.
 */
export function nothingMoreNote(material: Material, topic: string): string {
  const names = sourceNames(material);
  const about = topic.trim() ? ` about "${topic.trim()}"` : '';
  const who = names.length ? listNames(names) : 'your sources';
  return `Nothing more to add: everything ${who} ${names.length === 1 ? 'says' : 'say'}${about} is already in the textbook.`;
}

/** The answer when the section's own source was all printed and the rest of the material had something on its terms. */
export function seeAlsoNote(added: number): string {
  const what = added === 1 ? 'one related definition, example or figure' : `${added} related definitions, examples or figures`;
  return `Everything this section's own source says is already in it, so ${what} from elsewhere in your material ${added === 1 ? 'was' : 'were'} added ("See also" where the book already prints them). Connecting a language model lets the expansion write new explanatory text.`;
}
