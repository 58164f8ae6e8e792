import { contentsTitle } from './pdf-toc';
import type { DocBlock, ListMarker } from '@server/core/document-model';
import { captionStart } from './pdf-geometry';
import { isProse, readsAsCode } from './pdf-code-lines';
import { verseEnd } from './pdf-verse';
import {
  endsShort,
  isCaptionLine,
  isLegendEntry,
  isMathFragment,
  listItemStart,
  opensOnLabel,
  romanValue,
  startsNewParagraph,
} from './pdf-paragraphs';
import { bibliographyHeading, detectHeadings } from './pdf-headings';
import { isIndexTerm } from './pdf-margin';
import { collectEvidence, continuesUrl, joinLines, type WordEvidence } from './pdf-join';
import { bodyStats, type BodyStats } from './pdf-stats';
import type { PdfLine, PdfOutlineEntry, PdfRegion } from './pdf-types';
import { splitBibliography } from './pdf-bibliography';
import { latexToText } from './pdf-math';
import { superscriptDigits } from './pdf-rotated-text';

export interface PdfStructure {
  blocks: DocBlock[];
  title?: string;
  /** The lines set with the title: authors, course, date (pdf-title-block). */
  titleBlock: string[];
  bibliography: string[];
  /** Figure, equation and table blocks waiting for their region's picture. */
  pending: Array<{ block: DocBlock; region: PdfRegion }>;
}

interface ListItemMark {
  depth: number;
  ordered: boolean;
  /** The number the source prints before the item ("3."; "c." is 3, "iv." 4). */
  number?: number;
  /** Letters or roman numerals, as the item's label is printed. */
  marker?: ListMarker;
}

/**
 * A list item's fields: its depth and whether it is numbered, and on a numbered item that opens a list (no item of its
 * list before it: a paragraph, a listing or a hint set between the items ends the list the book makes) the number the
 * source gives it when that is not 1, so the list goes on at "2." as printed rather than at 1.
 */
function itemFields(mark: ListItemMark, blocks: DocBlock[]): Pick<DocBlock, 'depth' | 'ordered' | 'start' | 'marker'> {
  const fields = { depth: mark.depth, ordered: mark.ordered, ...(mark.marker ? { marker: mark.marker } : {}) };
  if (!mark.ordered || mark.number === undefined || mark.number === 1) return fields;
  let k = blocks.length - 1;
  while (k >= 0 && blocks[k].kind === 'list-item' && (blocks[k].depth ?? 0) > mark.depth) k--;
  const opens = !(
    blocks[k]?.kind === 'list-item' &&
    (blocks[k].depth ?? 0) === mark.depth &&
    blocks[k].ordered &&
    blocks[k].marker === mark.marker
  );
  return opens ? { ...fields, start: mark.number } : fields;
}

/** The list item before a new one at `depth` in the same list (none when a shallower item or another block comes first). */
function siblingBefore(blocks: DocBlock[], depth: number): DocBlock | undefined {
  for (let k = blocks.length - 1; k >= 0 && blocks[k].kind === 'list-item'; k--) {
    const d = blocks[k].depth ?? 0;
    if (d === depth) return blocks[k];
    if (d < depth) return undefined;
  }
  return undefined;
}

/** The last item at `depth` of the list run that ends the blocks, under whichever item. */
function sameLevelBefore(blocks: DocBlock[], depth: number): DocBlock | undefined {
  for (let k = blocks.length - 1; k >= 0 && blocks[k].kind === 'list-item'; k--) if ((blocks[k].depth ?? 0) === depth) return blocks[k];
  return undefined;
}

/**
 * An item's number and labels. A single "i.", "v." or "x." is a roman numeral or a letter by the item before it: "i."
 * after "h." is the ninth letter, "v." after "iv." is five; "i." opening a list is roman one.
 */
function labelOf(
  item: NonNullable<ReturnType<typeof listItemStart>>,
  before: DocBlock | undefined,
  earlier: DocBlock | undefined,
): Pick<ListItemMark, 'number' | 'marker'> {
  if (!item.marker || !item.label) return { number: item.number };
  const roman = romanValue(item.label);
  if (item.label.length === 1 && roman !== undefined) {
    const asLetter = item.label.charCodeAt(0) - 96;
    if (before?.marker === 'i') return { number: roman, marker: 'i' };
    if (before?.marker === 'a') return { number: asLetter, marker: 'a' };
    // Opening a list: "i." is roman one; "v." or "x." goes on with the numerals of the list at its level before it
    // (Word numbers "iv." under one item and "v." under the next).
    if (item.label === 'i' || earlier?.marker === 'i') return { number: roman, marker: 'i' };
    return { number: asLetter, marker: 'a' };
  }
  return { number: item.number, marker: item.marker };
}

/** Turns reading-ordered lines into headings, paragraphs, captions and bibliography entries. */
export function buildBlocks(
  lines: PdfLine[],
  outline: PdfOutlineEntry[],
  body: BodyStats = bodyStats(lines.filter((l) => !l.region && !l.isMargin)),
): PdfStructure {
  const headings = detectHeadings(lines, body, outline);
  const evidence = collectEvidence(lines.map((l) => l.text));
  const blocks: DocBlock[] = [];
  const bibliography: string[] = [];
  const titleBlock: string[] = [];
  let title: string | undefined;
  let para: PdfLine[] = [];
  let paraKind: DocBlock['kind'] = 'paragraph';
  let paraItem: ListItemMark | undefined;
  // Left edges of the list items open around the current line, outermost first: an item further in is nested.
  let listLevels: number[] = [];
  const listDepth = (line: PdfLine): number => {
    while (listLevels.length && line.x0 < listLevels[listLevels.length - 1] - 0.5 * line.size) listLevels.pop();
    const last = listLevels[listLevels.length - 1];
    if (last === undefined || line.x0 > last + 0.5 * line.size) listLevels.push(line.x0);
    return listLevels.length - 1;
  };
  let bibLevel: number | undefined;
  let bibLines: PdfLine[] = [];
  let notes: PdfLine[] = [];
  const pending: PdfStructure['pending'] = [];
  // Figures, tables and margin notes sit beside or inside a paragraph on the page: they follow the paragraph.
  let beside: PdfLine[] = [];
  // Smaller lines set to the right of a paragraph that goes on (a figure's credit line beside its text) follow it.
  const besideText = new Set<PdfLine>();

  const regionBlock = (region: PdfRegion): DocBlock => {
    const caption = region.caption ? joinLines(region.caption.split('\n'), evidence) : undefined;
    // A titled box of text is a callout of the book (its title as the label), not a picture of text.
    if (region.kind === 'callout') return { kind: 'margin', text: region.text, label: region.label, page: region.page };
    if (region.kind === 'equation')
      return { kind: 'equation', text: region.text, latex: region.latex, label: region.label, page: region.page };
    if (region.kind === 'table')
      return {
        kind: 'table',
        text: caption ? `${caption}\n${region.text}` : region.text,
        rows: region.rows,
        header: region.header,
        caption,
        page: region.page,
      };
    // The words drawn inside an uncaptioned figure (a plot's tick labels and axis titles) are the picture's own: its alt
    // text, never a caption printed under it.
    if (!caption) return { kind: 'figure', text: '', ...(region.text ? { alt: region.text.slice(0, 300) } : {}), page: region.page };
    return { kind: 'figure', text: caption, caption, page: region.page };
  };
  const emitBeside = () => {
    for (const l of beside) {
      if (besideText.has(l)) blocks.push({ kind: 'paragraph', text: l.text, page: l.page });
      else if (l.region) {
        const block = regionBlock(l.region);
        blocks.push(block);
        // A table whose cells were read needs no picture.
        if (!(block.kind === 'table' && block.rows) && block.kind !== 'margin') pending.push({ block, region: l.region });
      } else if (isContent(l.text, 'margin')) {
        const prev = blocks[blocks.length - 1];
        // A web address broken over two lines of the margin is one note ("https://mml-book.github.io/" + "slopes-expectations.html").
        if (prev?.kind === 'margin' && prev.page === l.page && !/\s/.test(l.text.trim()) && continuesUrl(prev.text, l.text))
          prev.text += l.text.trim();
        else
          blocks.push({
            kind: captionStart.test(l.text) ? 'caption' : isIndexTerm(l.text) ? 'index-term' : 'margin',
            text: l.text,
            page: l.page,
          });
      }
    }
    beside = [];
  };
  // Short paragraphs kept only when a display formula, a listing or a list comes right after them (their lead-in).
  const leadIns = new Set<DocBlock>();
  const labels = new Set<DocBlock>();
  // A listing: consecutive lines in typewriter type, kept whole with their indentation (code and its printed output).
  let code: PdfLine[] = [];
  // The listing being read is an algorithm float's pseudocode (set in the text's own type).
  let algorithmLines = false;
  const flushCode = () => {
    if (code.length === 0) return;
    const left = Math.min(...code.map((l) => l.x0));
    const widths = code.filter((l) => l.text.length >= 4).map((l) => (l.x1 - l.x0) / l.text.length);
    const em = widths.length ? widths.sort((a, b) => a - b)[Math.floor(widths.length / 2)] : 0.6 * code[0].size;
    // Pieces of one baseline (a statement and its comment, a line number and its line) are one line of the listing.
    const rows: PdfLine[][] = [];
    for (const l of code) {
      const row = rows.find((r) => r[0].page === l.page && Math.abs(r[0].y - l.y) < 0.3 * l.size);
      if (row) row.push(l);
      else rows.push([l]);
    }
    const listing = rows.map((row) =>
      row
        .sort((a, b) => a.x0 - b.x0)
        .reduce((out, l) => {
          const at = Math.max(0, Math.round((l.x0 - left) / em));
          return out + ' '.repeat(Math.max(out ? 1 : 0, at - out.length)) + l.text;
        }, ''),
    );
    const text = (algorithmLines ? combineAccentRows(listing) : listing).join('\n');
    blocks.push({ kind: 'code', text, page: code[0].page });
    code = [];
    algorithmLines = false;
  };
  // The blocks whose lines call a footnote by its mark, with the pages of those lines: a footnote follows its caller.
  const callers = new Map<DocBlock, Array<{ page: number; mark: string }>>();
  let callsFrom: { at: number; calls: Array<{ page: number; mark: string }> } | undefined;
  const flushPara = () => {
    flushCode();
    if (para.length > 0) {
      const calls = para.flatMap((l) => (l.noteMarks ?? []).map((mark) => ({ page: l.page, mark })));
      if (calls.length) callsFrom = { at: blocks.length, calls };
      const text = joinLines(
        para.map((l) => l.text),
        evidence,
      );
      if (isContent(text, paraKind))
        blocks.push({
          kind: paraKind,
          text,
          page: para[0].page,
          ...(paraKind === 'list-item' && paraItem ? itemFields(paraItem, blocks) : {}),
        });
      else if (paraKind === 'paragraph' && closesSentence(text)) {
        // The formula that ends a sentence, on a line of its own ("... value being" / "H = 0.3.", "mit f^0 := id." under
        // the display the sentence is about): too few letters to be read as prose, it is the sentence's, never dropped.
        const last = blocks[blocks.length - 1];
        // After a sentence that ended, it is a formula of its own (the second form of an answer, after "both of the
        // following."): its own paragraph.
        if (last?.kind === 'paragraph' && !/[.:;!?]["”’)]?$/.test(last.text)) last.text = `${last.text} ${text}`;
        else blocks.push({ kind: 'paragraph', text, page: para[0].page });
      } else if (paraKind === 'paragraph' && isRunInLabel(para, body)) {
        // A label set in a face of its own over the text it names ("Beweis", "Notation", "Idee"): kept if text follows.
        const block: DocBlock = { kind: paraKind, text, page: para[0].page };
        labels.add(block);
        blocks.push(block);
      } else if (paraKind === 'paragraph' && isLeadIn(text)) {
        // A few words before a display ("Consider the function", "such that"): kept if a formula or listing follows.
        const block: DocBlock = { kind: paraKind, text, page: para[0].page };
        leadIns.add(block);
        blocks.push(block);
      }
      // Text back at the list's left edge ends the list.
      if (paraKind !== 'list-item' && listLevels.length && para[0].x0 <= listLevels[0] + 0.5 * para[0].size) listLevels = [];
      para = [];
      paraKind = 'paragraph';
      paraItem = undefined;
      if (callsFrom && blocks.length > callsFrom.at) callers.set(blocks[callsFrom.at], callsFrom.calls);
      callsFrom = undefined;
    }
    emitBeside();
  };
  // Footnotes are read at the end of their section, so they never split a paragraph that runs on; each is a note of the
  // book (as a Word or Markdown footnote is), one per mark opening its first line, never a listing.
  const flushNotes = () => {
    flushPara();
    const pending = notes;
    notes = [];
    let group: PdfLine[] = [];
    const emit = () => {
      const text = joinLines(
        group.map((l) => l.text),
        evidence,
      );
      // Small type at the foot without a mark opening it (a draft notice, a licence line) is no footnote: a paragraph.
      if (group.length && !group[0].leadMark) {
        para = group;
        flushPara();
      } else if (group.length && isContent(text, 'note')) {
        const note: DocBlock = { kind: 'note', text, page: group[0].page };
        // Placed after the last block of its page that calls it by its mark (then after the notes already placed there);
        // without one found, at the end of the section.
        const { page, leadMark } = group[0];
        let at = -1;
        for (let k = blocks.length - 1; k >= 0 && at < 0; k--)
          if (callers.get(blocks[k])?.some((c) => c.page === page && c.mark === leadMark)) at = k + 1;
        if (at < 0) blocks.push(note);
        else {
          while (blocks[at]?.kind === 'note') at++;
          blocks.splice(at, 0, note);
        }
      }
      group = [];
    };
    for (const l of pending) {
      const prev = group[group.length - 1];
      if (prev && (prev.page !== l.page || l.leadMark || startsNewParagraph(false, prev, l, body))) emit();
      group.push(l);
    }
    emit();
  };
  const flushBib = () => {
    if (bibLines.length === 0) return;
    for (const entry of splitBibliography(bibLines, evidence)) {
      bibliography.push(entry);
      blocks.push({ kind: 'bibliography', text: entry, page: bibLines[0].page });
    }
    bibLines = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // A listing in the text's own type followed by a program's input and output in typewriter type (a Sweave chunk after
    // the `listings` one) are two listings: the font and the size change between them, never within one.
    const last = code[code.length - 1];
    if (last && line.mono && !algorithmLines && last.font !== line.font && Math.abs(last.size - line.size) > 0.5) flushCode();
    // A listing line too long for the page, wrapped by the typesetter (fvextra, Quarto) behind a "↪": the rest of the line
    // it continues, not a sentence of the text.
    const wrapped = /^\s*↪\s*/u.exec(line.text);
    if (code.length > 0 && wrapped) {
      const last = code[code.length - 1];
      code[code.length - 1] = { ...last, text: `${last.text} ${line.text.slice(wrapped[0].length)}` };
      continue;
    }
    // A listing goes on over every typewriter line that is not a sentence (a closing brace alone is the listing's), and over
    // the sentences a program prints, set right under its lines in their type ("NameError: name 'cat' is not defined").
    if (
      code.length > 0 &&
      line.mono &&
      !line.region &&
      !line.isMargin &&
      !line.isNote &&
      (!isProse(line.text) || printedUnder(code, line))
    ) {
      code.push(line);
      continue;
    }
    // A listing set in the text's own type (the listings package's default): it goes on over the lines that read as code.
    if (
      code.length > 0 &&
      !algorithmLines &&
      !code[0].mono &&
      !line.region &&
      !line.isMargin &&
      !line.isNote &&
      code[code.length - 1].page === line.page &&
      (readsAsCode(line.text, false) || (/,\s*$/.test(line.text) && !isProse(line.text)))
    ) {
      code.push(line);
      continue;
    }
    // An algorithm float's lines ("s ← p", "for i = 1 ... 31 do", "end for"; pdf-algorithms marks them): one listing, line
    // by line with its indentation (short lines and symbols would otherwise read as figure labels and be dropped).
    if (line.algorithm && !headings.get(i)) {
      if (!algorithmLines) flushPara();
      algorithmLines = true;
      code.push({ ...line, text: plainMath(line.text) });
      continue;
    }
    if (algorithmLines) flushCode();
    // An item of a list set in columns is an item of its own, whatever its words (a formula, a name).
    if (line.columnItem) {
      flushPara();
      blocks.push({ kind: 'list-item', text: line.text, page: line.page, depth: 0, ordered: false });
      continue;
    }
    // A label with its answer box is a line of its own, however short ("Expected value of A = ____").
    // So is an exercise's answer set in small type under it (pdf-exercise-columns).
    if (line.answer || line.solution) {
      flushPara();
      blocks.push({ kind: 'paragraph', text: line.text, page: line.page });
      continue;
    }
    // A rule typed as a row of dashes or underscores between the entries of a list ("------…", as a Word document
    // separates its groups of links) ends the paragraph and is no text of it: joined in, its dashes outweigh the
    // paragraph's letters and the whole paragraph is dropped as a label.
    if (!line.region && !line.isMargin && typedRule.test(line.text)) {
      flushPara();
      continue;
    }
    if (isMathFragment(lines, i, body)) continue;
    // A table of contents read as a table is dropped with its page.
    if (line.region?.kind === 'table' && headings.get(i)?.drop) continue;
    if (line.region?.kind === 'equation') {
      flushPara();
      const block = regionBlock(line.region);
      blocks.push(block);
      // An equation read as LaTeX needs no picture.
      if (!block.latex) pending.push({ block, region: line.region });
      continue;
    }
    const open = para[para.length - 1];
    if (
      open &&
      !line.region &&
      !line.isMargin &&
      open.page === line.page &&
      line.size < open.size - 0.5 &&
      !/[.?!:]["”’)]?$/.test(open.text) &&
      line.x0 > Math.max(...para.filter((l) => l.page === line.page).map((l) => l.x1)) + line.size &&
      lines[i + 1]?.page === line.page &&
      lines[i + 1].x1 < line.x0
    ) {
      besideText.add(line);
      beside.push(line);
      continue;
    }
    if (line.region || line.isMargin) {
      beside.push(line);
      if (para.length === 0) emitBeside();
      continue;
    }
    // "AC Alternating Current" with its abbreviation in bold is an entry of a list of abbreviations, not a run-in heading
    // over two words (the words would be left a fragment).
    const found = headings.get(i);
    const heading = found?.runIn && abbreviationEntry.test(line.text) ? undefined : found;
    if (heading?.drop) continue;
    if (heading?.titleBlock) {
      titleBlock.push(line.text);
      continue;
    }
    // Code listings (monospace lines that look like code, and the typewriter lines that follow them) are one code block.
    // A reference list has no listings: its typewriter lines are addresses.
    // An address in typewriter type broken at a dot ("...avrassembler." / "wb_SBR.html and ...") goes on in its sentence.
    const goesOnUrl = para.length > 0 && continuesUrl(para[para.length - 1].text, line.text);
    // Names in typewriter type ending a sentence the line before leaves open ("... such as" / "your_name or
    // airspeed_of_unladen_swallow.") are the end of that sentence, no listing.
    const endsSentence =
      code.length === 0 &&
      para.length > 0 &&
      !/[.:;!?]["”’)]?$/.test(para[para.length - 1].text) &&
      /[\p{L}\d]\.$/u.test(line.text.trim()) &&
      !/[=()[\]{}#]|>>>/.test(line.text);
    if (
      bibLevel === undefined &&
      // A footnote's lines are the note's, whatever their type (a typewriter line after a lead-in's colon is no listing).
      !line.isNote &&
      !goesOnUrl &&
      !endsSentence &&
      // A typewriter line with no statement's marks ("import Pkg") opens the listing the next typewriter line reads as;
      // a web address set in typewriter type (\url) broken over lines stays in its sentence.
      (readsAsCode(line.text, !!line.mono) ||
        // A typewriter line displayed after a lead-in ("If you run it you get:") is what the program prints, words or not.
        (!!line.mono &&
          para.length > 0 &&
          /:$/.test(para[para.length - 1].text) &&
          !/:\/\/|^www\./.test(line.text) &&
          !listItemStart(line.text)) ||
        (!!line.mono && !isProse(line.text) && !/:\/\/|^www\./.test(line.text) && opensListing(lines, i))) &&
      (line.mono || para.length === 0 || /[.:;!?]$/.test(para[para.length - 1].text))
    ) {
      if (code.length === 0) flushPara();
      code.push(line);
      continue;
    }
    flushCode();
    if (line.isNote) {
      notes.push(line);
      continue;
    }
    // Verse set line by line: one block, its lines kept apart (pdf-verse.ts).
    const verse = !heading && bibLevel === undefined ? verseEnd(lines, i, body, (k) => headings.has(k)) : undefined;
    if (verse !== undefined) {
      flushPara();
      const run = lines.slice(i, verse);
      blocks.push({ kind: 'quote', text: run.map((l) => l.text.trim()).join('\n'), page: line.page });
      i = verse - 1;
      continue;
    }
    if (heading) {
      flushPara();
      flushNotes();
      if (heading.runIn) {
        if (bibLevel !== undefined && heading.level <= bibLevel) {
          flushBib();
          bibLevel = undefined;
        }
        blocks.push({ kind: 'heading', text: heading.runIn, level: heading.level, page: line.page });
        // The rest of the line starts the heading's first paragraph.
        para = [{ ...line, text: afterLead(line) }];
        continue;
      }
      // Consecutive heading lines of one size are one heading set over several lines; under a document's title, the
      // course, term or institution set in the title's type ("Modeling Social Data, Spring 2017", "Columbia University")
      // belong to its title block.
      const parts = [line];
      let aside = false;
      while (
        i + 1 < lines.length &&
        headings.get(i + 1)?.level === heading.level &&
        !headings.get(i + 1)?.runIn &&
        sameHeadingRun(lines[i], lines[i + 1])
      ) {
        if (heading.isTitle && !title && (aside || titleMetadata.test(lines[i + 1].text))) {
          aside = true;
          titleBlock.push(lines[++i].text);
        } else parts.push(lines[++i]);
      }
      const read = joinLines(
        parts.map((p) => p.text),
        evidence,
      );
      // A heading in small capitals reads lower-cased: the outline's spelling of the same words is the author's.
      const text = heading.text && parts.length === 1 ? heading.text : plainHeading(read);
      if (bibLevel !== undefined && heading.level <= bibLevel) {
        flushBib();
        bibLevel = undefined;
      }
      listLevels = [];
      if (heading.isTitle && !title) title = text;
      blocks.push({ kind: 'heading', text, level: heading.level, page: line.page });
      if (bibliographyHeading.test(text)) bibLevel = heading.level;
      continue;
    }
    if (bibLevel !== undefined) {
      bibLines.push(line);
      continue;
    }
    const prev = para[para.length - 1];
    // An item's lines wrap under its text: a line starting left of its mark, after a finished sentence or a line that
    // ended early, is the text going on after the list ("Sho also thinks ..." between two lists; a week's title after an
    // outline's last item "d. Character Sets"), not more of the item. A mark may stand less than half an em in from the
    // text's edge (the Exo7 chapters'), and the line under an item ending on a full-size fraction comes as close as the
    // fraction lets it, however far the list's space was meant to set it.
    // Measured from each page's own column edge: a two-sided document's margins move from page to page.
    const leftOfMark = (ems: number) => line.x0 - line.columnLeft < para[0].x0 - para[0].columnLeft - ems * line.size;
    // On the next page an item goes on under its text, and a line opening in capitals left of its label is the text
    // after the list (econ103's "I've left off a number of the toppings" after item 7 at the foot of page 1).
    const backOut =
      prev &&
      paraKind === 'list-item' &&
      (prev.page === line.page
        ? leftOfMark(0.3) && (/[.?!]["”’)]?$/.test(prev.text) || (leftOfMark(0.5) && endsShort(prev, line)))
        : leftOfMark(0.5) && !/^\p{Ll}/u.test(line.text));
    // A label set where the item's own label is, or further left, opens the next item of this list or of one around it
    // (its lines wrap under its text, never under its label), whatever room the line before it left (Word's ragged lines
    // run past the column's usual edge).
    const nextItem = prev && paraKind === 'list-item' && prev.page === line.page && leftOfMark(-0.5) && opensOnLabel(line.text);
    if (backOut || nextItem || (prev && paraKind === 'paragraph' && legendRows(para, lines, i))) flushPara();
    else if (
      prev &&
      startsNewParagraph(
        paraKind === 'list-item',
        prev,
        line,
        body,
        Math.max(...para.filter((l) => l.page === line.page && l.column === line.column).map((l) => l.x1), prev.x1),
      )
    )
      flushPara();
    if (para.length === 0 && isCaptionLine(line, body)) paraKind = 'caption';
    const item = para.length === 0 && paraKind === 'paragraph' ? listItemStart(line.text) : undefined;
    if (item) {
      paraKind = 'list-item';
      const depth = listDepth(line);
      paraItem = { depth, ordered: item.ordered, ...labelOf(item, siblingBefore(blocks, depth), sameLevelBefore(blocks, depth)) };
    }
    para.push(item ? { ...line, text: item.text } : line);
  }
  flushPara();
  flushNotes();
  flushBib();
  // (and a list's: "In other words," over its items).
  // A footnote placed after its caller stands aside: what follows it is what follows the caller.
  const after = (k: number) => blocks.slice(k + 1).find((b) => b.kind !== 'note')?.kind ?? '';
  const read = blocks.filter(
    (b, k) =>
      (!leadIns.has(b) || ['equation', 'code', 'list-item'].includes(after(k))) &&
      (!labels.has(b) || ['paragraph', 'equation', 'code', 'list-item'].includes(after(k))),
  );
  return { blocks: mergeRunOns(read, evidence), title, titleBlock, bibliography, pending };
}

/** The text of a printed line from its first piece on: the pieces on its baseline, left to right (a tab stop splits a line in pieces). */
function rowText(pieces: PdfLine[]): string {
  return pieces.map((l) => l.text.trim()).join(' ');
}

/**
 * Whether the line at `i` and the last line of `para` are two rows of a legend ("underline ending
 * with × : incorrect claim" under "underline ending with a number : correct claim ..."): each reads "mark : meaning",
 * however far it runs, both start at one left edge, and one of them is split at the tab stop before its colon. Read by
 * their whole rows.
 */
function legendRows(para: PdfLine[], lines: PdfLine[], i: number): boolean {
  const line = lines[i];
  const last = para[para.length - 1];
  const sameRow = (a: PdfLine, b: PdfLine) => a.page === b.page && Math.abs(a.y - b.y) < 0.3 * b.size;
  const prevRow = para.filter((l) => sameRow(l, last));
  const nextRow = [line];
  for (let k = i + 1; k < lines.length && sameRow(lines[k], line) && lines[k].x0 > nextRow[nextRow.length - 1].x1; k++)
    nextRow.push(lines[k]);
  // One of the two is set at a tab stop: its meaning is a piece of its own starting with the colon.
  const atTab = (row: PdfLine[]) => row.length > 1 && /^:\s/.test(row[1].text.trim());
  return (
    (atTab(prevRow) || atTab(nextRow)) &&
    prevRow[0].page === line.page &&
    Math.abs(prevRow[0].x0 - line.x0) < 0.5 * line.size &&
    isLegendEntry(rowText(prevRow)) &&
    isLegendEntry(rowText(nextRow))
  );
}

/** Inline formulas of a pseudocode line as plain text in a listing: "\\(k_{i}\\)" reads "k_i", "\\(2^{32}\\)" reads "2^32". */
function plainMath(text: string): string {
  return text.replace(/\\\((.*?)\\\)/g, (_, tex: string) =>
    tex.replace(/([_^])\{([^{}]*)\}/g, (_m, op: string, x: string) => (/^\w+$/.test(x) ? op + x : `${op}(${x})`)).trim(),
  );
}

/** Accents TeX sets on a line of their own over a letter ("ˆ" over "S", "k"): combined with the letter under them. */
const accentMarks: Record<string, string> = {
  ˆ: '\u0302',
  '˜': '\u0303',
  '¯': '\u0304',
  '˙': '\u0307',
  '¨': '\u0308',
  '´': '\u0301',
  '`': '\u0300',
};
export function combineAccentRows(listing: string[]): string[] {
  const rows = listing.slice();
  const out: string[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const next = rows[r + 1];
    if (next === undefined || !/^[\sˆ˜¯˙¨´`]+$/.test(row) || !row.trim()) {
      out.push(row);
      continue;
    }
    // Each accent over a letter of the next row, or the row is kept as it is (an accent on the wrong letter misreads).
    const chars = [...next];
    const marks = [...row].flatMap((ch, c) => (accentMarks[ch] ? [c] : []));
    if (marks.some((c) => !/\p{L}/u.test(chars[c] ?? ''))) {
      out.push(row);
      continue;
    }
    for (const c of marks) chars[c] += accentMarks[row[c]];
    rows[r + 1] = chars.join('');
  }
  return out;
}

/** A line under a title naming a term, a year, a date or an institution: the title block's, not the title's. */
const titleMetadata =
  /\b(?:19|20)\d\d\b|\b(?:university|college|institute|school|department|faculty)\b|\b(?:spring|fall|autumn|winter|summer)\s+(?:term|semester|quarter|(?:19|20)\d\d)\b|@/i;

/** The text of a line after its run-in heading. */
function afterLead(line: PdfLine): string {
  const lead = line.lead?.text ?? '';
  if (line.text.startsWith(lead)) return line.text.slice(lead.length).trim();
  return line.text.split(' ').slice(lead.split(' ').length).join(' ');
}

/**
 * A heading goes on over the next line when that line sits right under it, in the same size, and
 * the first line is full (reaches the column's end), breaks a word or a phrase, or the next goes
 * on in lower case; two headings in a row ("Speaker: Duncan Watts" over "4.1 Introduction") stay two.
 */
function sameHeadingRun(a: PdfLine, b: PdfLine): boolean {
  if (a.page !== b.page || a.column !== b.column || Math.abs(a.size - b.size) >= 0.3 || a.y - b.y >= a.size * 1.8) return false;
  const full = a.x1 > a.columnRight - 4 * a.size;
  const open = /(?:[-–:,]|\b(?:of|for|and|or|in|on|the|a|an|to|with|from|by|at|via))$/i.test(a.text.trim());
  // Centred title lines (a document's title over two lines) are one heading.
  const centred = Math.abs((a.x0 + a.x1) / 2 - (b.x0 + b.x1) / 2) < a.size && a.x0 > a.columnLeft + 2 * a.size;
  return full || open || centred || /^\p{Ll}/u.test(b.text.trim());
}

/**
 * Figure labels ("Overhead", "loop edge"), pieces of a formula ("∂²f") and table number grids are not prose: keep
 * blocks that are mostly letters, and short ones only when they end like a sentence, name a numbered element ("Example
 * 5.1", "Example 5.7 (Gradient)"), are a line of code, or an abbreviation and what it stands for ("AC Alternating
 * Current"). A sentence heavy with inline mathematics is kept whatever its share of letters.
 */
/**
 * A formula closing a sentence: mathematics (inline or a relation) and a full stop, short or opening in lower case (the
 * sentence goes on: "is minimized, where θ = {A_0, b_0, ...}."), however few its words of prose.
 */
const closesSentence = (text: string) =>
  (text.length <= 60 || /^\p{Ll}/u.test(text)) && /\\\(|[=<>≤≥≠≈∈]/.test(text) && /[\p{L}\p{N})}]\.$/u.test(text.trim());

function isContent(text: string, kind: DocBlock['kind']): boolean {
  const visible = text.replace(/\s/g, '');
  if (visible.length === 0) return false;
  const letters = (visible.match(/\p{L}/gu) ?? []).length;
  const words = text.split(/\s+/).length;
  if (kind === 'paragraph' && letters >= 2) {
    if (words >= 4 && /\\\(|[∈∑∫∂≤≥=]/.test(text) && /[.?!:,]["”’)]?$|\p{L}{3,}/u.test(text) && proseWordCount(text) >= 3) return true;
    // A short sentence about formulas ("Also ist \\(p_{1}\\) = \\(p_{2}\\).") is one, with a verb and a stop.
    if (words >= 4 && /\\\(/.test(text) && /[.?!](?:\s?[□■∎])?$/u.test(text) && proseWordCount(text) >= 2 && /^\p{Lu}/u.test(text))
      return true;
    if (numberedElement.test(text) || codeLine.test(text) || abbreviationEntry.test(text)) return true;
    // A labelled run-in ("Artifice: T*(ℝ × M) ⊃ ...", "Remarque: Q_X = ...") is a paragraph however much mathematics follows.
    if (/^\p{Lu}[\p{L}'’-]+(?: [\p{L}'’-]+){0,3}: \S/u.test(text) && visible.length >= 12) return true;
    // So is a sentence that opens in words and goes on in mathematics ("Notons que ⟨λ, F(x)⟩ + ⟨c̄, d(F ∘ ρ)c⟩ = ...").
    if (/^\p{Lu}\p{Ll}{3,} \p{Ll}{2,} /u.test(text) && words >= 4 && /\\\(|[=∈]/.test(text)) return true;
  }
  // A list item of formulas ("(2) Calculate |a⃗|² + 2a⃗ ⋅ b⃗") reads as one by its words, however much of it is mathematics.
  if (kind === 'list-item' && /\p{L}{4,}/u.test(text.replace(/\\\(.*?\\\)/g, ' '))) return true;
  // So does an item that is a formula alone ("• x_{i0+1} := f(x_{i}), ..., x_{i0+k+1} := f(x_{i0+k})"), its letters on
  // the baseline too ("• |z| = 0 ⟺ z = 0": no script, so no inline math in its text).
  if (kind === 'list-item' && (/\\\(/.test(text) || letters >= 1) && /[=<>≤≥∈⩽⩾≠⟺⇔]/.test(text)) return true;
  // And an exercise that is a formula alone, lettered ("(g) y = tan(5x).", "(n) \\(\\csc^{2}\\)(\\(3x^{2}\\)).").
  if (kind === 'list-item' && /^\(?[a-z]\)\s/.test(text) && (/\\\(/.test(text) || /[=<>≤≥∈]/.test(text))) return true;
  if (letters / visible.length < 0.5 || letters < 2) return false;
  // A web address on its own (a footnote giving a source) is content, however few its words.
  return kind !== 'paragraph' || words >= 4 || /[.?!:]["”’)]?$/.test(text) || /(?:https?:\/\/|www\.)\S{4,}/i.test(text);
}

/** Words of three letters or more outside inline formulas. */
const proseWordCount = (text: string) => (text.replace(/\\\(.*?\\\)/g, ' ').match(/\p{L}{3,}/gu) ?? []).length;
/** A line that is only a typed rule: eight or more of one dash, underscore, equals sign, star or tilde. */
const typedRule = /^\s*([-‐–—_=*~])(?:\s?\1){7,}\s*$/u;
/** A numbered element's label on its own line, the run-in start of an example or a definition. */
const numberedElement =
  /^(?:Example|Definition|Theorem|Lemma|Corollary|Proposition|Remark|Exercise|Problem|Proof|Note|Algorithm|Listing)\s+\d+(?:\.\d+)*[a-z]?\.?(?:\s*\([^)]{1,60}\))?\.?$/;
/** A line of a program set in the text's own type: a statement's end, a block's brace, a comment. */
const codeLine = /;\s*$|^\s*[{}]\s*;?\s*$|[{}]\s*;?\s*$|^\s*\/\/\s*\S/;
/** An entry of a list of abbreviations: the abbreviation, then the words it stands for. */
const abbreviationEntry = /^[\p{Lu}\p{N}μ][\p{Lu}\p{N}\-/&]{1,9}\s+\p{Lu}[\p{L}\-]*(?:\s+[\p{L}\-()]+){0,6}$/u;
/**
 * A line of one to four words set alone in a face other than the body's, no larger than it, with no stop: the run-in
 * label of what follows (KOMA-Script's \\minisec: "Beweis", "Notation", "Idee"), not a stray label of a drawing.
 */
function isRunInLabel(para: PdfLine[], body: BodyStats): boolean {
  if (para.length !== 1) return false;
  const [line] = para;
  return (
    /^\p{Lu}\p{L}+(?:[ -]\p{L}+){0,3}$/u.test(line.text.trim()) &&
    !contentsTitle.test(line.text.trim()) &&
    line.font !== body.font &&
    !line.mono &&
    (line.math ?? 0) === 0 &&
    line.size <= body.size + 0.5 &&
    line.size >= 0.8 * body.size
  );
}

/** A few words that lead into a display ("Consider the function", "Therefore, we obtain", "such that"). */
function isLeadIn(text: string): boolean {
  return /^\p{L}[\p{L}\s,]*$/u.test(text.trim()) && text.trim().split(/\s+/).length <= 5;
}

/** What a page sets beside the flow of its text: a figure, a caption, a margin note or index word. */
const aside = (b: DocBlock) =>
  (b.kind === 'caption' && !algorithmCaption.test(b.text)) ||
  b.kind === 'figure' ||
  b.kind === 'margin' ||
  b.kind === 'note' ||
  b.kind === 'index-term';
/** An algorithm float's caption: its lines follow it, so it is no aside the text runs on past. */
const algorithmCaption = /^Algorithm\s+\d/;
const endsSentence = (text: string) => /[.?!:]["”’)]?$/.test(text);
/**
 * A word no sentence ends with and no lead-in of a display either (an article, a preposition, "and"): a paragraph ending
 * so was cut by a float placed mid-flow, a table or a listing included ("... Then the" [table] "heuristic selects ...").
 */
const danglingWord = /\b(?:the|a|an|of|on|in|at|by|for|from|with|into|onto|than|and|or|our|its|their)$/i;

/**
 * A paragraph cut by a figure, a caption, a margin note or a footnote placed mid-flow ("... we evaluate our compiler on"
 * [Figure 2. ...] "a set of benchmarks.") is put back together: a paragraph that starts in lower case continues the last
 * paragraph that did not end a sentence, when only such asides stand between. A display formula that a lead-in ("We
 * often write") goes on in, read after a figure or note placed between them, is put back right after its lead-in (with
 * the formulas before it that followed the lead-in), and so is the text going on after the formula in lower case. A
 * sentence cut at an article or a preposition goes on past a table or a listing set between as well. A
 * sentence an algorithm float interrupts ("... which reduces the amount of noise" [Algorithm 8 ...] "relatively to the
 * signal.") goes on in the first sentence in lower case after the algorithm's lines.
 */
const legendRow = /\S\s[:–]\s\S/u;

function mergeRunOns(blocks: DocBlock[], evidence: WordEvidence): DocBlock[] {
  const out: DocBlock[] = [];
  // The paragraph an algorithm float interrupted mid-sentence: its sentence goes on after the algorithm's lines.
  let interrupted: DocBlock | undefined;
  // The last block of that sentence once it went on: a formula it leads into, and the text going on after the formula,
  // are read with it, before the algorithm.
  let chain: DocBlock | undefined;
  for (const block of blocks) {
    if (chain) {
      if (block.kind === 'equation' || (block.kind === 'paragraph' && /^\p{Ll}/u.test(block.text))) {
        out.splice(out.indexOf(chain) + 1, 0, block);
        chain = block.kind === 'paragraph' && endsSentence(block.text) ? undefined : block;
        continue;
      }
      chain = undefined;
    }
    if (block.kind === 'heading') interrupted = undefined;
    if (block.kind === 'caption' && algorithmCaption.test(block.text)) {
      let k = out.length - 1;
      while (k >= 0 && aside(out[k])) k--;
      interrupted = out[k]?.kind === 'paragraph' && !endsSentence(out[k].text) ? out[k] : undefined;
    } else if (
      interrupted &&
      block.kind === 'paragraph' &&
      /^\p{Ll}/u.test(block.text) &&
      block.text.split(/\s+/).length >= 6 &&
      // An algorithm's own lines: assignments, loops and conditions ("c ← e_k(p)", "for i = 0 ... m − 1 do").
      !/←|\b(?:do|then)$/.test(block.text)
    ) {
      interrupted.text = joinLines([interrupted.text, block.text], evidence);
      if (!endsSentence(interrupted.text)) chain = interrupted;
      interrupted = undefined;
      continue;
    }
    let j = out.length - 1;
    while (j >= 0 && aside(out[j])) j--;
    if (j < out.length - 1 && block.kind === 'paragraph' && /^\p{Ll}/u.test(block.text)) {
      const target = out[j];
      if (target?.kind === 'paragraph' && !endsSentence(target.text)) {
        target.text = joinLines([target.text, block.text], evidence);
        continue;
      }
    }
    // A sentence cut where a tall inline formula (a fraction in the line) or a page break left a gap goes on in the next
    // paragraph, in lower case ("... le pourcentage de la variance dans Y expliqué" / "par la régression et ...").
    const last = out[out.length - 1];
    if (
      block.kind === 'paragraph' &&
      /^\p{Ll}/u.test(block.text) &&
      last?.kind === 'paragraph' &&
      /[\p{L}\p{N},]$/u.test(last.text) &&
      last.text.split(/\s+/).length >= 3 &&
      // An algorithm's own lines ("for each candidate key k do", "if LSBit (b) = 0 then") are no sentence going on.
      !/←|\b(?:do|then)$/.test(last.text) &&
      !/←|\b(?:do|then)$/.test(block.text) &&
      // Nor are two rows of a legend, each a label and its meaning ("wavy underline : critical issue").
      !(legendRow.test(last.text) && legendRow.test(block.text))
    ) {
      last.text = joinLines([last.text, block.text], evidence);
      continue;
    }
    // A sentence cut at an article or a preposition goes on in a line displayed in typewriter type or symbols ("... is
    // invoked by" / "\begin{problem}[<points>] ... \end{problem}."): a line opening with no letter is no new sentence.
    if (
      block.kind === 'paragraph' &&
      last?.kind === 'paragraph' &&
      danglingWord.test(last.text) &&
      // A command's name or a bracket, never an inline formula ("\\(x^{2}\\)", an answer of its own).
      /^(?:\\[a-zA-Z]|[<[{"“‘'`])/u.test(block.text) &&
      endsSentence(block.text)
    ) {
      last.text = joinLines([last.text, block.text], evidence);
      continue;
    }
    if (block.kind === 'paragraph' && /^\p{Ll}/u.test(block.text)) {
      let f = out.length - 1;
      while (f >= 0 && (aside(out[f]) || out[f].kind === 'table' || out[f].kind === 'code')) f--;
      const cut = out[f];
      if (f < out.length - 1 && cut?.kind === 'paragraph' && danglingWord.test(cut.text)) {
        cut.text = joinLines([cut.text, block.text], evidence);
        continue;
      }
    }
    // So is the text after the formula ("to specify a function, where ...") when it goes on in lower case.
    const goesOn = block.kind === 'paragraph' && /^\p{Ll}/u.test(block.text) && out[j]?.kind === 'equation';
    if (j < out.length - 1 && (block.kind === 'equation' || goesOn)) {
      let k = j;
      while (k >= 0 && out[k].kind === 'equation') k--;
      if (out[k]?.kind === 'paragraph' && !endsSentence(out[k].text)) {
        out.splice(j + 1, 0, block);
        continue;
      }
    }
    out.push(block);
  }
  return out;
}

/**
 * A heading's inline formulas as plain text (a heading is a line of text, not a formula): "1.2 \(1^{er}\) théorème"
 * reads "1.2 1er théorème", "\(L^{2}\) spaces" reads "L² spaces".
 */
function plainHeading(text: string): string {
  return text.replace(/\\\((.*?)\\\)/g, (_, tex: string) =>
    latexToText(tex)
      .replace(/\^\{(\d+)\}|\^(\d)/g, (_m, a?: string, b?: string) => [...(a ?? b ?? '')].map((d) => superscriptDigits[d]).join(''))
      .replace(/[_^]\{([^{}]*)\}/g, '$1')
      .replace(/[_^]/g, ''),
  );
}

/**
 * A typewriter line set right under a listing's last line, at its line pitch, in its font and size and not left of its
 * margin: a line of the listing, whatever its words (what the program prints: an error message, a sentence).
 */
/**
 * Whether the typewriter lines from `i` on (a run with no statement's marks: "using Random", "using Plots") reach, within a
 * few lines and with no prose between, a line that reads as code: they are the first lines of that listing.
 */
function opensListing(lines: PdfLine[], i: number): boolean {
  for (let k = i + 1; k < Math.min(lines.length, i + 8); k++) {
    const next = lines[k];
    if (!next.mono || next.page !== lines[i].page || isProse(next.text) || /:\/\/|^www\./.test(next.text)) return false;
    if (readsAsCode(next.text, true)) return true;
  }
  return false;
}

function printedUnder(code: PdfLine[], line: PdfLine): boolean {
  const last = code[code.length - 1];
  const left = Math.min(...code.map((c) => c.x0));
  return (
    !!last.mono &&
    last.page === line.page &&
    last.column === line.column &&
    line.font === last.font &&
    Math.abs(line.size - last.size) < 0.3 &&
    last.y - line.y > 0 &&
    last.y - line.y < 1.8 * line.size &&
    line.x0 >= left - 0.5 * line.size
  );
}
