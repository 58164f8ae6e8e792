import { parseCitation } from '@server/references/documents/citation-parser';
import { parseBibliography } from '@server/references/documents/documents.provider';
import type { Material } from '@server/ai/material';
import { sentenceKey } from '@server/ai/shared/sentence-filter';

/** Headings of a reference list: nothing under them is prose to print. */
const referenceHeading =
  /^(?:\d+(?:\.\d+)*\.?\s*)?(?:references?|bibliography|works cited|literature cited|sources|further reading|reference list)\s*:?$/i;

/**
 * Everything in a textbook's material that is a reference-list entry rather
 * than prose (QA: "Human memory: A proposed system and its control processes."
 * came out of an APA entry as a sentence). Three readings, all from the
 * references module's own parsers: the document's bibliography as parsed for
 * the References tab, chunks filed under a References heading, and any
 * paragraph that parses as a citation with authors and a year.
 */
export class ReferenceLines {
  private readonly entryKeys: string[];

  constructor(material: Material) {
    this.entryKeys = material.sources
      .flatMap((s) => parseBibliography(s.document).map((c) => c.text))
      .concat(material.sources.flatMap((s) => s.document.bibliography ?? []))
      .concat(material.sources.flatMap((s) => (s.document.blocks ?? []).filter((b) => b.kind === 'bibliography').map((b) => b.text)))
      .map(sentenceKey)
      .filter((k) => k.length > 0);
  }

  /** A chunk filed under a reference-list heading. */
  static isReferenceSection(headingPath: readonly string[]): boolean {
    return headingPath.some((h) => referenceHeading.test(h.trim()));
  }

  /** A paragraph that reads as one citation: authors and a year found by the citation parser. */
  static isCitation(paragraph: string): boolean {
    const text = paragraph.trim();
    if (text.length < 20 || text.length > 1200) return false;
    const parsed = parseCitation(text);
    return (
      !!parsed &&
      parsed.authors.length > 0 &&
      parsed.year !== undefined &&
      parsed.title.length > 0 &&
      (/\(\s*(?:1[5-9]|20)\d\d[a-z]?\s*\)/.test(text) || !!parsed.venue)
    );
  }

  /** A sentence that is part of an entry of the document's bibliography. */
  isEntryText(sentence: string): boolean {
    const key = sentenceKey(sentence);
    return key.length > 0 && this.entryKeys.some((entry) => entry.includes(key));
  }
}
