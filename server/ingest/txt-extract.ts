import type { DocBlock, ExtractedDocument, ListMarker } from '../core/document-model';
import { cleanText, joinHyphenation, normalizeCharacters } from '../core/nlp';
import { ExtractError } from './extract-error';
import { bareLinks, extractMarkdown, looksLikeMarkdown, markdownToBlocks, type MarkdownOptions } from './markdown-extract';
import { isSessionHeading } from './session-heading';

/** UTF-8 with or without BOM, UTF-16 LE/BE with BOM, else Windows-1252 (a superset of Latin-1). */
export function decodeText(data: Uint8Array): string {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return new TextDecoder('utf-8').decode(data.subarray(3));
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return decodeWindows1252(data);
  }
}

// Node's TextDecoder treats windows-1252 as plain Latin-1; 0x80-0x9F hold curly quotes and dashes in real files.
const cp1252High = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

function decodeWindows1252(data: Uint8Array): string {
  let out = '';
  for (const byte of data) out += byte >= 0x80 && byte <= 0x9f ? cp1252High[byte - 0x80] : String.fromCharCode(byte);
  return out;
}

const glossaryLine = /^\p{Lu}[\p{L}\p{N} '’()\-]{1,40}:\s+\S.{10,}$/u;
const markdownHeading = /^(#{1,6})\s+(.+?)\s*#*$/;
const numberedHeading = /^(\d{1,2}(?:\.\d{1,2}){0,3})\.?\s+(\p{Lu}.{1,80})$/u;

/**
 * Plain text into blocks: paragraphs at blank lines (hard-wrapped lines are
 * joined), headings from Markdown "#", setext underlines, numbered titles,
 * or a short unpunctuated line standing alone.
 */
export function textToBlocks(text: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  const paragraphs = normalizeCharacters(text).split(/\n[ \t]*\n/);
  for (const raw of paragraphs) {
    const rawLines = raw.split('\n').filter((l) => l.trim());
    const lines = rawLines.map((l) => l.trim());
    if (lines.length === 0) continue;
    if (blocks.length === 0 && isTitleBlock(lines)) {
      // "GEOL 210 / Lecture 7 - Plate Tectonics / Prof. X / Autumn Term": the title line is the document's title.
      const title = pickTitleLine(lines);
      blocks.push({ kind: 'heading', text: title.text, level: 1 });
      for (const [i, line] of lines.entries()) if (i !== title.index) blocks.push({ kind: 'paragraph', text: line });
      continue;
    }
    let rest = lines;
    // Leading heading lines ("# Title", "Title\n=====", "2.1 Methods").
    while (rest.length > 0) {
      const [first, second] = rest;
      const md = markdownHeading.exec(first);
      if (md) {
        blocks.push({ kind: 'heading', text: md[2], level: md[1].length });
        rest = rest.slice(1);
        continue;
      }
      if (second && /^(=+|-+)$/.test(second) && first.length <= 120) {
        blocks.push({ kind: 'heading', text: first, level: second.startsWith('=') ? 1 : 2 });
        rest = rest.slice(2);
        continue;
      }
      // "The Cell Membrane" directly above its paragraph (no blank line): a title line far shorter than the prose below it.
      if (second && isStandaloneTitle(first) && isHeadingAboveProse(first, rest.slice(1))) {
        blocks.push({ kind: 'heading', text: first, level: 2 });
        rest = rest.slice(1);
        continue;
      }
      const num = numberedHeading.exec(first);
      if (num && !/[.:;,]$/.test(first) && first.split(/\s+/).length <= 12 && (rest.length === 1 || rest[1].length > first.length)) {
        blocks.push({ kind: 'heading', text: first, level: Math.min(6, num[1].split('.').length) });
        rest = rest.slice(1);
        continue;
      }
      break;
    }
    if (rest.length === 0) continue;
    if (rest.length === 1 && isStandaloneTitle(rest[0])) {
      blocks.push({ kind: 'heading', text: rest[0], level: 2 });
      continue;
    }
    // Lists written under a line of text with no blank line between ("Bring:\n- a flask\n- a scale") are lists of their own.
    const restRaw = rawLines.slice(lines.length - rest.length);
    for (const run of splitListRuns(restRaw)) blocks.push(...(run.list ? run.list : runBlocks(run.lines)));
  }
  return blocks;
}

/** Lines of text between blank lines that are not a list: lettered items, a glossary, or one hard-wrapped paragraph. */
function runBlocks(rest: string[]): DocBlock[] {
  const lettered = letteredItems(rest);
  if (lettered) return lettered;
  // A glossary: every line "Term: what it is" stays its own paragraph (they are not one wrapped paragraph).
  if (rest.length >= 2 && rest.every((l) => glossaryLine.test(l))) return rest.map((l): DocBlock => ({ kind: 'paragraph', text: l }));
  return [{ kind: 'paragraph', text: joinLines(rest) }];
}

function joinLines(lines: string[]): string {
  return joinHyphenation(lines.join('\n'))
    .replace(/\s*\n\s*/g, ' ')
    .replace(/ {2,}/g, ' ');
}

const listMarker = /^([-*•–]|\d{1,3}[.)])\s+(?=\S)/;

/** A line's indentation in columns (a tab counts four). */
const indentOf = (line: string) => /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length;

interface ListLine {
  indent: number;
  marker: string;
  text: string[];
}

/**
 * The lines of one block split into text and lists. A list is a run of lines opening with "-", "*", "•",
 * "–" or "1." / "1)": two items or more, or one under a line ending in a colon (a wrapped sentence that
 * happens to start a line with "- 5" or "3." stays text); the lines after an item that carry on its
 * text are those continuesItem accepts.
 */
function splitListRuns(rawLines: string[]): Array<{ lines: string[]; list?: DocBlock[] }> {
  const runs: Array<{ lines: string[]; list?: DocBlock[] }> = [];
  let text: string[] = [];
  const width = Math.max(...rawLines.map((l) => l.trimEnd().length));
  let i = 0;
  while (i < rawLines.length) {
    const line = rawLines[i].trim();
    if (!listMarker.test(line)) {
      text.push(line);
      i++;
      continue;
    }
    const items: ListLine[] = [];
    let j = i;
    for (; j < rawLines.length; j++) {
      const l = rawLines[j].trim();
      const marker = listMarker.exec(l);
      if (marker) {
        items.push({ indent: indentOf(rawLines[j]), marker: marker[1], text: [l.slice(marker[0].length)] });
        continue;
      }
      const last = items[items.length - 1];
      if (!continuesItem(rawLines[j], last, width)) break;
      last.text.push(l);
    }
    const whole = text.length === 0 && j === rawLines.length;
    const list = listBlocks(items, !whole);
    if (list && (whole || items.length >= 2 || /:$/.test(text[text.length - 1] ?? ''))) {
      if (text.length) runs.push({ lines: text });
      text = [];
      runs.push({ lines: [], list });
    } else text.push(...rawLines.slice(i, j).map((l) => l.trim()));
    i = j;
  }
  if (text.length) runs.push({ lines: text });
  return runs;
}

/**
 * A line under a list item that is no item itself continues it when indented deeper than the item's
 * marker, or when the item's line ends no sentence and either this line starts lower-case, the
 * item's line ends in a comma or a word no phrase ends with, or it runs to the block's full width (hard-wrapped text: "• The implementation does not
 * currently trace recursion, so\nTraceMonkey achieves ...").
 */
function continuesItem(raw: string, item: ListLine, width: number): boolean {
  if (indentOf(raw) > item.indent) return true;
  const lastLine = item.text[item.text.length - 1];
  if (/[.!?:]["”’)]?$/.test(lastLine)) return false;
  const lastWidth = item.indent + lastLine.length + (item.text.length === 1 ? item.marker.length + 1 : 0);
  return (
    /^\p{Ll}/u.test(raw.trim()) ||
    /([,;]|\b(and|or|but|so|the|of|a|an|to|in|for|with|on|at|by|from|is|are|that|which))$/i.test(lastLine) ||
    (width >= 40 && lastWidth >= 0.8 * width)
  );
}

/**
 * List items with their depth from their indentation (deeper than the item above nests under it) and their
 * numbers: the first of a numbered list when it is not 1, and any jump within it ("1." written on every
 * item follows on). Under a line of text, numbers that neither follow on nor restart at 1 (a wrapped
 * "2010. was a year") make no list: undefined.
 */
function listBlocks(items: ListLine[], strict: boolean): DocBlock[] | undefined {
  const indents: number[] = [];
  const shown: Array<{ number: number; written: number } | undefined> = [];
  const blocks: DocBlock[] = [];
  for (const item of items) {
    while (indents.length > 0 && indents[indents.length - 1] > item.indent) indents.pop();
    if (indents.length === 0 || indents[indents.length - 1] < item.indent) indents.push(item.indent);
    const depth = indents.length - 1;
    shown.length = depth + 1;
    // A nested item carries its depth; the outermost level leaves it out, as it always has.
    const block: DocBlock = { kind: 'list-item', text: joinLines(item.text), ...(depth > 0 ? { depth } : {}) };
    if (/^\d/.test(item.marker)) {
      const written = Number(item.marker.slice(0, -1));
      const before = shown[depth];
      const followsOn = before !== undefined && (written === before.number + 1 || written === before.written);
      if (strict && before !== undefined && !followsOn && written !== 1) return undefined;
      const number = followsOn ? before.number + 1 : written;
      block.ordered = true;
      if (!followsOn && number !== 1) block.start = number;
      shown[depth] = { number, written };
    } else shown[depth] = undefined;
    blocks.push(block);
  }
  return blocks;
}

/** Web and e-mail addresses written out in paragraphs and list items are links. */
function withBareLinks(blocks: DocBlock[]): DocBlock[] {
  return blocks.map((b) => {
    if (b.kind !== 'paragraph' && b.kind !== 'list-item') return b;
    const links = bareLinks(b.text);
    return links.length ? { ...b, links } : b;
  });
}

const romanValues: Record<string, number> = { i: 1, v: 5, x: 10, l: 50 };

/** A small lowercase roman numeral's value ("iv" -> 4), or undefined. */
function romanValue(label: string): number | undefined {
  if (!/^(x{0,3})(ix|iv|v?i{0,3})$/.test(label) || !label) return undefined;
  let total = 0;
  for (let i = 0; i < label.length; i++) {
    const v = romanValues[label[i]];
    const next = romanValues[label[i + 1]] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

/**
 * Lines labelled "a)", "b)" ... or "i.", "ii." ... (two or more, in sequence): an ordered list with its
 * letters or numerals, from the label it starts at.
 */
function letteredItems(lines: string[]): DocBlock[] | undefined {
  if (lines.length < 2) return undefined;
  const labels = lines.map((l) => /^\(?([a-z]{1,4})[.)]\s+\S/.exec(l)?.[1]);
  if (labels.some((x) => x === undefined)) return undefined;
  const romans = labels.map((x) => romanValue(x!));
  const letters = labels.map((x) => (x!.length === 1 ? x!.charCodeAt(0) - 96 : undefined));
  const inSequence = (ns: Array<number | undefined>) => ns.every((n, i) => n !== undefined && (i === 0 || n === ns[i - 1]! + 1));
  // "i." then "ii." are numerals; "i." after "h." is a letter.
  const numbers = inSequence(romans) && romans[0] !== undefined ? romans : inSequence(letters) ? letters : undefined;
  if (!numbers) return undefined;
  const marker: ListMarker = numbers === romans ? 'i' : 'a';
  return lines.map((l, i): DocBlock => ({
    kind: 'list-item',
    text: l.replace(/^\(?[a-z]{1,4}[.)]\s+/, ''),
    ordered: true,
    marker,
    ...(i === 0 && numbers[0] !== 1 ? { start: numbers[0] } : {}),
  }));
}

/** Date-only headings ("Week 3", "January 10, 2019") mark lecture sessions. */
function markSessions(blocks: DocBlock[]): DocBlock[] {
  return blocks.map((b) => (b.kind === 'heading' && isSessionHeading(b.text) ? { ...b, session: true } : b));
}

/** Two to six short lines opening the file, none ending a sentence: a title block, not hard-wrapped prose. */
function isTitleBlock(lines: string[]): boolean {
  if (lines.length < 2 || lines.length > 6) return false;
  if (lines.some((l) => markdownHeading.test(l) || /^(=+|-+)$/.test(l) || /^([-*•–]|\d{1,3}[.)])\s+/.test(l))) return false;
  return lines.every((l) => l.length <= 100 && !/[.!?;,]$/.test(l)) && lines.some((l) => /\p{L}{3}/u.test(l));
}

/** Lines of a title block that name the course, the lecturer or the term rather than the subject. */
const metaLine =
  /^(\p{Lu}{2,5}\s?\d{2,4}\p{Lu}?\b|(prof\.?|professor|dr\.?|instructor|lecturer|by)\s|.*\b(department|university|college|school of|faculty|institute)\b|.*\b(autumn|fall|spring|summer|winter)\s+(term|semester|quarter)\b|(term|semester)\s+\d|\d{4}$)/iu;
const seriesPrefix = /^(lecture|week|unit|module|session|lesson|chapter|part|topic|handout)\s+[\dIVX]+[a-z]?\s*[-–—:.]\s*/i;

function pickTitleLine(lines: string[]): { text: string; index: number } {
  const index = Math.max(
    0,
    lines.findIndex((l) => !metaLine.test(l)),
  );
  const stripped = lines[index].replace(seriesPrefix, '').trim();
  return { text: /\p{L}{3}/u.test(stripped) ? stripped : lines[index], index };
}

/** The first line of hard-wrapped prose is about as long as the lines after it; a heading is much shorter and ends no phrase. */
function isHeadingAboveProse(first: string, below: string[]): boolean {
  const longest = Math.max(...below.map((l) => l.length));
  const prose = below.join(' ');
  return (
    longest >= 40 &&
    first.length <= 0.6 * longest &&
    /[.!?]["”)]?$/.test(prose) &&
    !/\b(and|or|the|of|a|an|to|in|for|with|on|at|by|from|is|are)$/i.test(first)
  );
}

function isStandaloneTitle(line: string): boolean {
  const words = line.split(/\s+/).length;
  return words <= 10 && line.length <= 80 && !/[.!?,;:"”)]$/.test(line) && /^\p{Lu}/u.test(line) && /\p{L}{3}/u.test(line);
}

const markdownMarked = (filename: string) => /\.(md|markdown|mdown|mkd)$/i.test(filename);

const numberedLine = /^ {0,3}(\d{1,9})[.)][ \t]+\S/;

/**
 * A text file written in Markdown, numbered steps under a line of text: "Go on from step 4:\n4. cool it".
 * Markdown lets only a list starting at 1 break into a paragraph, so a blank line is put before a
 * numbered line that is not 1 under a line of text ending in a colon or above the next number; fenced
 * code is left as it is.
 */
function numberedListsApart(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let fence = false;
  for (const [i, line] of lines.entries()) {
    if (/^ {0,3}(```|~~~)/.test(line)) fence = !fence;
    const n = fence ? null : numberedLine.exec(line);
    const above = lines[i - 1] ?? '';
    if (
      n &&
      n[1] !== '1' &&
      /^\S/.test(above) &&
      !/^([-*+]|\d{1,9}[.)])(\s|$)|^(#|\||<|```|~~~)/.test(above) &&
      (/:\s*$/.test(above) || numberedLine.exec(lines[i + 1] ?? '')?.[1] === String(Number(n[1]) + 1))
    )
      out.push('');
    out.push(line);
  }
  return out.join('\n');
}

export function extractTxt(data: Uint8Array, filename: string, options: MarkdownOptions = {}): ExtractedDocument {
  const decoded = decodeText(data);
  if (!decoded.trim()) throw new ExtractError('empty', 'empty');
  // Markdown (a .md file, or text written in it: front matter, "#" headings, bullet outlines) is parsed as Markdown.
  if (looksLikeMarkdown(decoded, filename)) {
    const doc = extractMarkdown(markdownMarked(filename) ? decoded : numberedListsApart(decoded), filename, options);
    if (doc.blocks.length === 0) throw new ExtractError('empty', 'empty');
    return doc;
  }
  const blocks = withBareLinks(markSessions(textToBlocks(decoded)));
  if (blocks.length === 0) throw new ExtractError('empty', 'empty');
  return {
    filename,
    mime: 'text/plain',
    text: cleanText(blocks.map((b) => b.text).join('\n\n')),
    blocks,
    title: documentTitle(blocks),
  };
}

/** The opening heading, unless it is already a numbered section ("1. Introduction" titles a part, not the document). */
function documentTitle(blocks: DocBlock[]): string | undefined {
  const first = blocks.find((b) => b.kind === 'heading');
  return first && !numberedHeading.test(first.text) ? first.text : undefined;
}

/** Typed text (the form's direct mode): as typed, with the optional chapter title as its heading. */
export function documentFromDirectText(content: string, chapterTitle?: string): ExtractedDocument {
  const title = chapterTitle?.trim();
  // Typed Markdown or $...$ formulas keep their structure and math.
  const blocks =
    looksLikeMarkdown(content) || /\$[^$\n]+\$/.test(content) ? markdownToBlocks(content).blocks : markSessions(textToBlocks(content));
  if (title) blocks.unshift({ kind: 'heading', text: title, level: 1 });
  return {
    filename: title || 'Direct input',
    mime: 'text/plain',
    // The user's own words come back as typed (only line endings and odd spaces normalized).
    text: [title, normalizeCharacters(content).trim()].filter(Boolean).join('\n\n'),
    blocks,
    title: title || blocks.find((b) => b.kind === 'heading')?.text,
  };
}
