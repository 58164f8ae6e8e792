/**
 * Small HTML helpers for composed text. Composed HTML is plain paragraphs of
 * escaped text; books edited in the editor may hold any allowlisted markup,
 * so splitting works on top-level elements without assuming more.
 */

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

const accentNames: Record<string, string> = {
  '\u0308': 'uml',
  '\u0300': 'grave',
  '\u0301': 'acute',
  '\u0302': 'circ',
  '\u0327': 'cedil',
  '\u0303': 'tilde',
};

/** Named entities that editors, mammoth and scholarly APIs write (numeric ones are decoded by their code). */
const decoded: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  // The letters of German and French pages that write them as entities ("nat&uuml;rlich", "&Eacute;t&eacute;").
  ...Object.fromEntries(
    [...'äëïöüÿÄËÏÖÜàèìòùÀÈÌÒÙáéíóúýÁÉÍÓÚÝâêîôûÂÊÎÔÛçÇñÑ'].map((c) => {
      const [base, mark] = [...c.normalize('NFD')];
      return [`${base}${accentNames[mark]}`, c];
    }),
  ),
  szlig: 'ß',
  oelig: 'œ',
  OElig: 'Œ',
  laquo: '«',
  raquo: '»',
  bdquo: '„',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return decoded[name] ?? decoded[name.toLowerCase()] ?? whole;
  });
}

/** Visible text of an HTML fragment, block boundaries turned into spaces. */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(/<(br|\/p|\/li|\/h\d|\/div|\/blockquote|\/tr|\/pre)\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

export function paragraph(text: string): string {
  return `<p>${escapeHtml(text)}</p>`;
}

export function paragraphsToHtml(paragraphs: string[]): string {
  return paragraphs
    .filter((p) => p.trim())
    .map(paragraph)
    .join('');
}

const voidTags = new Set(['br', 'hr', 'img', 'wbr', 'input', 'col', 'area', 'source']);

/**
 * The top-level blocks of an HTML fragment, each a complete element (or a run
 * of loose text), in order. Joining them gives the original fragment back, so
 * splitting a section never loses text.
 */
export function htmlBlocks(html: string): string[] {
  const blocks: string[] = [];
  const tag = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g;
  let depth = 0;
  let start = 0;
  let match: RegExpExecArray | null;
  const pushLoose = (from: number, to: number) => {
    const text = html.slice(from, to);
    if (text.trim()) blocks.push(text.trim());
  };
  while ((match = tag.exec(html))) {
    const name = match[1].toLowerCase();
    const isClosing = match[0][1] === '/';
    const isSelfClosing = match[2] === '/' || voidTags.has(name);
    if (isClosing) {
      depth = Math.max(0, depth - 1);
      if (depth === 0) {
        blocks.push(html.slice(start, tag.lastIndex).trim());
        start = tag.lastIndex;
      }
    } else if (isSelfClosing) {
      if (depth === 0) {
        pushLoose(start, match.index);
        // A lone <br> between blocks carries nothing; an image is content.
        if (name !== 'br') blocks.push(match[0]);
        start = tag.lastIndex;
      }
    } else {
      if (depth === 0) {
        pushLoose(start, match.index);
        start = match.index;
      }
      depth++;
    }
  }
  pushLoose(start, html.length);
  return blocks.filter((b) => b.length > 0);
}

/** Splits HTML blocks into `parts` runs of roughly equal text length, in order. */
export function divideBlocks(blocks: string[], parts: number): string[][] {
  if (parts <= 1 || blocks.length < parts) return [blocks];
  const sizes = blocks.map((b) => Math.max(1, htmlToText(b).length));
  const total = sizes.reduce((a, b) => a + b, 0);
  const runs: string[][] = [];
  let current: string[] = [];
  let acc = 0;
  for (let i = 0; i < blocks.length; i++) {
    const remainingBlocks = blocks.length - i;
    const runsAfterThis = parts - runs.length - 1;
    // Close the run when it reaches its share, or when every later run needs one of the remaining blocks.
    if (current.length > 0 && runsAfterThis > 0 && (acc >= (total * (runs.length + 1)) / parts || remainingBlocks <= runsAfterThis)) {
      runs.push(current);
      current = [];
    }
    current.push(blocks[i]);
    acc += sizes[i];
  }
  runs.push(current);
  while (runs.length < parts) runs.push([]);
  return runs;
}
