import type { DocSection } from '@server/core/document-model';
import { cleanHeadingTitle } from '@server/ai/shared/heading-title';

/** "Appendix", "Appendix A", "Appendix B: Proofs", "Appendices". */
const appendixHeading = /^appendi(?:x|ces)\b/i;
/** "Appendix A Gaussian processes", "Appendix 2 - Tables": the label and the title after it. */
const appendixParts = /^appendix\s+([A-Z]|\d{1,2}|[IVX]{1,4})\b\s*[.:)\u2013\u2014-]?\s*(.*)$/i;
/** A lettered heading: "A Gaussian processes", "B. Change of variables", "C: Proofs". */
const letterLabel = /^([A-Z])(?:[.:)]|\s*[\u2013\u2014-])?\s+(\S.*)$/;
/** A heading numbered with digits ("3 Monte Carlo integration", "2.4 Summary", "Chapter 5 ..."). */
const digitNumbered = /^(?:(?:chapter|section|part|lecture|unit)\s+)?\d+(?:\.\d+)*[.:)]?\s+\S/i;

export function isAppendixTitle(title: string): boolean {
  return appendixHeading.test(title.trim());
}

/** "Appendix A Gaussian processes" -> "Appendix A: Gaussian processes"; "A" and "Gaussian processes" -> the same. */
function appendixTitle(label: string | undefined, rest: string): string {
  const title = cleanHeadingTitle(rest);
  const head = label ? `Appendix ${label.toUpperCase()}` : 'Appendix';
  return title ? `${head}: ${title}` : head;
}

/**
 * Names the appendices among sibling units: a heading that says so ("Appendix B - Proofs") and a
 * run of lettered headings A, B, C ... that follows units numbered with digits (a LaTeX book's
 * "\appendix": "3 Monte Carlo integration", then "A Gaussian processes"). Each is titled
 * "Appendix A: Gaussian processes", so every later stage knows it for back matter.
 */
export function labelAppendices(nodes: DocSection[], underAppendices = false): DocSection[] {
  // Under an "Appendices" heading, lettered units are appendices without numbered units before them.
  const firstNumbered = underAppendices ? -1 : nodes.findIndex((n) => digitNumbered.test(n.title.trim()));
  let expected = 'A';
  const out = nodes.map((n, i) => {
    const raw = n.title.trim();
    const explicit = appendixParts.exec(raw);
    if (explicit) return { ...n, title: appendixTitle(explicit[1], explicit[2]) };
    const lettered = letterLabel.exec(raw);
    if ((underAppendices || (firstNumbered >= 0 && i > firstNumbered)) && lettered && lettered[1] === expected) {
      // Lettered units come after every digit-numbered one (no "4 ..." after "A ...").
      if (nodes.slice(i + 1).some((m) => digitNumbered.test(m.title.trim()))) return n;
      expected = String.fromCharCode(expected.charCodeAt(0) + 1);
      return { ...n, title: appendixTitle(lettered[1], lettered[2]) };
    }
    return n;
  });
  return out.map((n) => (n.children.length ? { ...n, children: labelAppendices(n.children, /^appendices$/i.test(n.title.trim())) } : n));
}
