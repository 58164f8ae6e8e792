import { limits } from './limits';

/**
 * Bounds on typesetting a formula, the same for every renderer (editor, reader, previews and every
 * export), so no formula can ask for a box or an expansion that takes a renderer minutes or
 * gigabytes (issue "Hardening II": `\rule{500em}{500em}` grew a Word export to 4.5 GB).
 */

/** KaTeX: user-given sizes (`\rule`, `\kern`, `\raisebox`) capped at this many em; macro expansions capped. */
export const katexLimits = { maxSize: 20, maxExpand: 500 } as const;

/** A typeset formula larger than this (in em of the text around it) is shown as its source instead. */
export const formulaBoxMaxEm = { width: 120, height: 40 } as const;

/** Too long to typeset without holding up a page or an export: shown as its LaTeX source. */
export function formulaTooLong(latex: string): boolean {
  return latex.length > limits.formulaMaxChars;
}
