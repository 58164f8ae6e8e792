import type { DocBlock, ExtractedDocument } from '@server/core/document-model';

/** A comment marked as a heading by its hashes: "## Part a", "### dataset 1" (a lone "#" is an ordinary comment). */
const hashHeading = /^(#{2,6})(?!#)\s*(.+?)\s*#*\s*$/;
/** A one-hash comment that names a part of an exercise: "# Question 1", "# Part (b): residuals", "# Problem 3". */
const labelHeading =
  /^#\s*((?:question|part|problem|exercise|task|step|section|dataset|data set)\s*\(?(?:\d{1,2}(?:\.\d+)?|[A-Za-z]|[ivx]{2,4})\)?(?:[.:)\-\u2013\u2014]|\s|$).*?)\s*$/i;
/** RStudio's section comment: "# Load the data ----". */
const dashedHeading = /^#+\s*([^#\s-].*?)\s*[-=#]{4,}\s*$/;

const maxTitleWords = 12;

interface ScriptHeading {
  title: string;
  /** Hashes for "##"-marked comments; 1 for labels and dashed sections. */
  rank: number;
}

function scriptHeading(line: string): ScriptHeading | null {
  const t = line.trim();
  const m = hashHeading.exec(t) ?? undefined;
  const title = (m?.[2] ?? labelHeading.exec(t)?.[1] ?? dashedHeading.exec(t)?.[1])?.replace(/[-=#\s]+$/, '').trim();
  // A title has words (not a rule of dashes or a commented-out line of code) and is short enough to read as one.
  if (!title || !/\p{L}{2}/u.test(title) || /[<=(){};]|<-/.test(title)) return null;
  if (title.split(/\s+/).length > maxTitleWords) return null;
  return { title: title[0].toUpperCase() + title.slice(1), rank: m ? m[1].length : 1 };
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * A document that is a program pasted in (an R script in Word) and has no headings: the
 * script's own heading comments ("## Part a", "### dataset 1", "# Question 2", "# Load ----")
 * become its headings, each opening the code after it, so the book's units are the script's.
 * Null when the document has headings, is mostly prose, or its code names fewer than two parts.
 */
export function withScriptHeadings<T extends Pick<ExtractedDocument, 'blocks'>>(doc: T): T | null {
  if (doc.blocks.some((b) => b.kind === 'heading')) return null;
  const codeWords = doc.blocks.filter((b) => b.kind === 'code').reduce((n, b) => n + words(b.text), 0);
  const allWords = doc.blocks.reduce((n, b) => n + words(b.text), 0);
  if (codeWords === 0 || codeWords < allWords / 2) return null;
  const found: Array<{ block: number; line: number; heading: ScriptHeading }> = [];
  doc.blocks.forEach((b, block) => {
    if (b.kind !== 'code') return;
    b.text.split('\n').forEach((text, line) => {
      const heading = scriptHeading(text);
      if (heading) found.push({ block, line, heading });
    });
  });
  if (found.length < 2) return null;
  // Levels by rank: the fewest hashes are the top level ("###" over "####"); labels rank with the top.
  const ranks = [...new Set(found.map((f) => f.heading.rank))].sort((a, b) => a - b);
  const blocks: DocBlock[] = [];
  doc.blocks.forEach((b, block) => {
    const here = found.filter((f) => f.block === block);
    if (here.length === 0) {
      blocks.push(b);
      return;
    }
    const lines = b.text.split('\n');
    let from = 0;
    const flush = (to: number) => {
      const text = lines
        .slice(from, to)
        .join('\n')
        .replace(/^\n+|\s+$/g, '');
      if (text) blocks.push({ ...b, text });
    };
    for (const f of here) {
      flush(f.line);
      blocks.push({
        kind: 'heading',
        text: f.heading.title,
        level: Math.min(6, ranks.indexOf(f.heading.rank) + 1),
        index: b.index,
        page: b.page,
      });
      from = f.line + 1;
    }
    flush(lines.length);
  });
  return { ...doc, blocks };
}
