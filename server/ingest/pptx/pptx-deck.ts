import type { DocBlock } from '@server/core/document-model';
import { bareLinks } from '../markdown-extract';
import type { SlideItem, SlideParagraph } from './pptx-slide';
import { printedLiterals, typedListing } from './typed-listing';
import { joinLabels, labelLine, labelTables, type ReadItem } from './diagram-labels';
import { labelNotesIn, noteKey, notesBlocks, notesLabel, repeatedNotes } from './deck-notes';

/** One slide as read: its title (placeholder, or the heading typed in a text box) and the rest in reading order. */
export interface ReadSlide {
  number: number;
  /** The slide's deck section (p14:sectionLst), when the deck has sections. */
  section?: string;
  title?: string;
  items: SlideItem[];
  notes: string[];
}

/** A picture's bytes are looked up by its part: undefined when it is not kept (a logo, an icon, a vector format). */
export type PictureLookup = (
  part: string,
) => { sha256: string; mime: NonNullable<DocBlock['image']>['mime']; width?: number; height?: number } | undefined;

export interface ComposedDeck {
  blocks: DocBlock[];
  title?: string;
  titleBlock?: string[];
  /** Slides that gave no content: title-only, agenda, "Questions?". */
  skipped: number;
  /** What was left out on purpose (speaker notes repeated over the deck), one line each, for the warnings and the report. */
  leftOut: string[];
  /** The language of the deck's text (BCP 47), when it could be detected: its notes are labelled in it. */
  language?: string;
}

/**
 * Agenda and outline slides announce what follows; it is read where it comes. One that carries a picture or a table
 * (a week's objectives pasted in as a screenshot) holds what no other slide says, and is read as a slide.
 */
const agenda =
  /^(agenda|outline|overview|contents|table of contents|today(['’]s\s+(plan|agenda|class|lecture)|\s+we(['’]re| are| will)\b)|this (week|lecture|class)\b|plan for (today|the (lecture|class|week))|roadmap|in this (lecture|class|session))/i;
/** Closing slides: nothing to teach from. */
const closing = /^((any\s+)?questions?|q\s*&\s*a|thank(s| you)\b.*|the end|discussion)\s*[?!.…]*$/i;
/** A course template's greeting on the first slide is not the deck's title. */
const greeting = /^welcome\b/i;

/**
 * The topic a title names: "Random Effects (cont.)", "Random effects 2", "Random Effects (2/3)" and
 * "Random Effects, part II" are one topic with "Random Effects".
 */
export function topicKey(title: string): string {
  let t = title.toLowerCase().replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 3; i++) {
    t = t
      .replace(/[\s,;:–—-]*[([]?\s*(cont(inued|['’]d|\.)?|ctd\.?)\s*[)\]]?\.?$/, '')
      .replace(/[\s,;:–—-]*[([]?\s*(part\s+)?(\d+|[ivx]{1,4})\s*(\/|of)\s*\d+\s*[)\]]?$/, '')
      .replace(/[\s,;:–—-]*[([]\s*(part\s+)?(\d+|[ivx]{1,4}|[a-h])\s*[)\]]$/, '')
      .replace(/[\s,;:–—-]+(part\s+)?(\d+|[ivx]{1,4})$/, '')
      .replace(/[\s?!.:…]+$/, '')
      .trim();
  }
  return t;
}

/**
 * A title without its "(cont.)" or "(2/3)", as the unit's heading. A closing colon is kept as typed, whether it leads in
 * ("Examples:") or is the operator the title names ("Sliced Using :"), as Word and PDF headings keep theirs.
 */
function headingText(title: string): string {
  return title
    .replace(/[\s,;:–—-]*[([]?\s*(cont(inued|['’]d|\.)?|ctd\.?)\s*[)\]]?\.?$/i, '')
    .replace(/\s*[([]\s*\d+\s*(\/|of)\s*\d+\s*[)\]]$/i, '')
    .trim();
}

/** Reading order: top to bottom in bands of a twelfth of the slide, left to right within a band. */
function readingOrder(items: ReadItem[], height: number): ReadItem[] {
  const band = Math.max(1, height / 12);
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => Math.floor(a.item.y / band) - Math.floor(b.item.y / band) || a.item.x - b.item.x || a.i - b.i)
    .map((x) => x.item);
}

/** What a slide's text boxes are read against: the string literals its programs print, and whether it shows a program. */
interface SlideCode {
  literals: string[];
  hasListing: boolean;
}

function paragraphBlocks(paragraphs: SlideParagraph[], page: number, code: SlideCode): DocBlock[] {
  const minLevel = Math.min(...paragraphs.filter((p) => p.bullet).map((p) => p.level));
  const plain = !paragraphs.some((p) => p.bullet || p.equation || p.links.length);
  // A terminal session pasted into a text box ("$ python count.py", then what it printed): one listing, whatever its font.
  if (paragraphs.length >= 2 && /^\$ \S/.test(paragraphs[0].text) && plain)
    return [{ kind: 'code', text: paragraphs.map((p) => p.code ?? p.typed ?? p.text).join('\n'), page }];
  // Program output typed in the deck's own font ("5", "4", ... "Blastoff!" beside the loop that prints it): one listing.
  const typed =
    plain && paragraphs.some((p) => p.code === undefined)
      ? typedListing(
          paragraphs.flatMap((p) => (p.code ?? p.typed ?? p.text).split('\n')).filter((l) => l.trim()),
          code.literals,
          code.hasListing,
        )
      : undefined;
  if (typed)
    return [...(typed.lead ? [{ kind: 'paragraph' as const, text: typed.lead, page }] : []), { kind: 'code', text: typed.listing, page }];
  const out: DocBlock[] = [];
  for (const p of paragraphs) {
    // Lines of a program typed in a monospaced font, one paragraph each: one listing, indentation kept.
    const last = out[out.length - 1];
    if (p.code !== undefined && last?.kind === 'code' && last.page === page) last.text += `\n${p.code}`;
    else out.push(p.code !== undefined ? { kind: 'code', text: p.code, page } : paragraphBlock(p, page, minLevel));
  }
  return out;
}

function paragraphBlock(p: SlideParagraph, page: number, minLevel: number): DocBlock {
  // A web address typed on a slide without a hyperlink is a link all the same (as in Markdown and plain text).
  const found = p.links.length ? p.links : bareLinks(p.text);
  const links = found.length ? { links: found } : {};
  if (p.equation) return { kind: 'equation', text: p.equation, latex: p.equation, page };
  if (p.bullet)
    return {
      kind: 'list-item',
      text: p.text,
      depth: Math.max(0, p.level - minLevel),
      ordered: p.ordered,
      ...(p.start ? { start: p.start } : {}),
      ...links,
      page,
    };
  return { kind: 'paragraph', text: p.text, ...links, page };
}

/** A picture's caption: its alt text when the author wrote one (not "Picture 3" or a file name). */
function captionOf(alt: string | undefined): string | undefined {
  const useful =
    alt &&
    !/^(picture|image|grafik|bild|screen\s?shot|google shape|content placeholder)[\s;:\d_.-]*(p\d+)?$/i.test(alt) &&
    // PowerPoint's own guess ("A person in a garment Description automatically generated") is not the author's.
    !/description automatically generated\.?$/i.test(alt);
  const named = useful && !/\.(png|jpe?g|gif|emf|wmf|tiff?|bmp|svg)$/i.test(alt);
  return named ? alt : undefined;
}

/** The labels a block of a drawing's labels was made of (a caption line, a table of them), for build-up slides that repeat them. */
const labelsOf = new WeakMap<DocBlock, string[]>();

function labelsCaption(texts: string[], page: number): DocBlock {
  const block: DocBlock = { kind: 'caption', text: labelLine(texts), page };
  labelsOf.set(block, texts);
  return block;
}

/** The blocks one slide contributes, in reading order, its notes last. */
function slideBlocks(slide: ReadSlide, height: number, picture: PictureLookup): DocBlock[] {
  const page = slide.number;
  const out: DocBlock[] = [];
  const listings = slide.items.flatMap((i) =>
    i.kind === 'text' ? i.paragraphs.flatMap((p) => (p.code !== undefined ? [p.code] : [])) : [],
  );
  const code: SlideCode = { literals: printedLiterals(listings), hasListing: listings.length >= 2 };
  for (const item of readingOrder(joinLabels(slide.items), height)) {
    // A lone "+" or "-" in a text box is a diagram's mark, not text.
    if (item.kind === 'text')
      out.push(
        ...paragraphBlocks(
          item.paragraphs.filter((p) => p.equation || /\p{L}|\d/u.test(p.text)),
          page,
          code,
        ),
      );
    else if (item.kind === 'table') {
      const table: DocBlock = {
        kind: 'table',
        text: item.rows.map((r) => r.join(' | ')).join('\n'),
        rows: item.rows,
        header: item.header ?? item.rows.length > 1,
        page,
      };
      if (labelTables.has(item)) labelsOf.set(table, item.rows.flat().filter(Boolean));
      out.push(table);
    }
    // A drawing's labels (diagram-labels.ts): one line under the drawing, as its caption.
    else if (item.kind === 'labels') out.push(labelsCaption(item.texts, page));
    else {
      const image = picture(item.part);
      const labels = item.labels && labelLine(item.labels);
      // The labels set on a picture that is not kept (a logo, a vector format) are its words all the same.
      if (!image) {
        if (item.labels) out.push(labelsCaption(item.labels, page));
        continue;
      }
      // A picture without a description of its own is described by its slide's title, which is printed as the heading;
      // the labels set on it are its caption when it has none (else a line under it).
      const own = captionOf(item.alt);
      const caption = own ?? labels;
      const alt = caption ? undefined : slide.title;
      out.push({ kind: 'figure', text: caption ?? '', ...(caption ? { caption } : {}), ...(alt ? { alt } : {}), image, page });
      if (own && item.labels) out.push(labelsCaption(item.labels, page));
    }
  }
  out.push(...notesBlocks(slide.notes, page));
  return out;
}

/** The first slide is the deck's title page when it holds a title and a few short lines (subtitle, author, date) only. */
function isTitlePage(slide: ReadSlide | undefined): boolean {
  if (!slide?.title) return false;
  const paragraphs = slide.items.flatMap((i) => (i.kind === 'text' ? i.paragraphs : []));
  return !slide.items.some((i) => i.kind === 'table') && paragraphs.length <= 6 && paragraphs.every((p) => p.text.length <= 160);
}

const blockKey = (b: DocBlock) => (b.image ? `img:${b.image.sha256}` : `${b.kind}:${b.text}`);

/**
 * A deck as the document model. Each topic is a unit: its heading is the slide title, and a run
 * of slides on one topic (the same title, "(cont.)", numbered titles, untitled slides after it)
 * is one unit whose slides' bullets, tables, figures and notes follow in order; what a slide
 * repeats from the previous one (a build-up slide) is kept once. The deck's sections are headings
 * above the topics. Title-only, agenda and "Questions?" slides add nothing.
 */
export function composeDeck(read: ReadSlide[], height: number, picture: PictureLookup): ComposedDeck {
  const { slides, leftOut } = withoutRepeatedNotes(read);
  const blocks: DocBlock[] = [];
  let title: string | undefined;
  let titleBlock: string[] | undefined;
  let rest = slides;
  if (isTitlePage(slides[0])) {
    const first = slides[0];
    const lines = first.items.flatMap((i) => (i.kind === 'text' ? i.paragraphs.map((p) => p.text) : []));
    if (greeting.test(first.title!)) titleBlock = [first.title!, ...lines];
    else {
      title = first.title;
      titleBlock = lines.length ? lines : undefined;
    }
    blocks.push(...labelNotes(notesBlocks(first.notes, first.number)));
    rest = slides.slice(1);
  }
  const hasSections = new Set(slides.map((s) => s.section).filter(Boolean)).size > 0;
  let skipped = slides.length - rest.length;
  let section: string | undefined;
  let topic: string | undefined;
  let seen = new Set<string>();
  let pending: DocBlock[] = [];
  // A title-only slide that no content follows ("In-class assignment is on eClass", "Coffee break") says something all
  // the same: its title is kept as a line of the unit before it, not a heading over nothing.
  const keepTitleOnly = () => {
    const orphan = pending.find((b) => b.kind === 'heading' && b.level === (hasSections ? 2 : 1));
    if (orphan && blocks.length) blocks.push({ kind: 'paragraph', text: orphan.text, page: orphan.page });
  };
  for (const slide of rest) {
    const announces = (title: string) => agenda.test(title) && !slide.items.some((i) => i.kind === 'picture' || i.kind === 'table');
    if (slide.title && (announces(slide.title) || closing.test(slide.title))) {
      skipped++;
      continue;
    }
    if (hasSections && slide.section && slide.section !== section) {
      keepTitleOnly();
      section = slide.section;
      pending = [{ kind: 'heading', text: section, level: 1, page: slide.number }];
      topic = undefined;
      seen = new Set();
    }
    const key = slide.title ? topicKey(slide.title) : undefined;
    if (key && key !== topic) {
      keepTitleOnly();
      topic = key;
      seen = new Set();
      // A new topic's heading waits for its first content: a title-only slide adds nothing.
      pending = [
        ...pending.filter((b) => b.level === 1 && hasSections),
        { kind: 'heading', text: headingText(slide.title!), level: hasSections ? 2 : 1, page: slide.number },
      ];
    }
    const fresh = slideBlocks(slide, height, picture).filter((b) => {
      // The topic's title set again in a text box (a slide that carries its heading outside the title placeholder, or
      // repeats it over a picture) is the heading already printed, not a line of text.
      if (b.kind === 'paragraph' && topic !== undefined && topicKey(b.text) === topic) return false;
      // A drawing's labels a build-up slide repeats are read once: its line keeps only the labels it adds.
      const labels = labelsOf.get(b);
      if (labels) {
        const added = labels.filter((l) => !seen.has(`label:${l}`));
        for (const l of labels) seen.add(`label:${l}`);
        if (b.kind === 'caption') {
          if (!added.length) return false;
          b.text = labelLine(added);
        }
      }
      const k = blockKey(b);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    if (!fresh.length) {
      skipped++;
      continue;
    }
    blocks.push(...pending, ...labelNotes(fresh));
    pending = [];
  }
  keepTitleOnly();
  const language = labelNotesIn(blocks);
  return { blocks, title, titleBlock, skipped, leftOut, ...(language ? { language } : {}) };
}

/** The first of a slide's notes kept in the book opens the box of its notes: it carries the label. */
function labelNotes(blocks: DocBlock[]): DocBlock[] {
  const first = blocks.find((b) => b.kind === 'quote');
  if (first) first.label = notesLabel;
  return blocks;
}

/**
 * The slides without the notes paragraphs repeated over the deck's topics (deck-notes.ts), and a line naming each one.
 * A slide's topic is its title's (an untitled slide goes on with the one before it); the title page is a topic of its own.
 */
function withoutRepeatedNotes(slides: ReadSlide[]): { slides: ReadSlide[]; leftOut: string[] } {
  let topic = '';
  const noted = slides.map((s, i) => {
    if (i === 0 && isTitlePage(s)) topic = '\u0000title';
    else if (s.title) topic = `${s.section ?? ''}\u0000${topicKey(s.title)}`;
    return { number: s.number, unit: topic, notes: s.notes };
  });
  const repeated = repeatedNotes(noted);
  if (!repeated.keys.size) return { slides, leftOut: [] };
  return {
    slides: slides.map((s) => ({ ...s, notes: s.notes.filter((n) => !repeated.keys.has(noteKey(n))) })),
    leftOut: repeated.lines,
  };
}
