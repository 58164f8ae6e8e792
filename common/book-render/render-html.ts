import katex from 'katex';
import { formulaTooLong, katexLimits } from '../math-limits';
import type { Block, BookChapter, BookDocument, BookSection, Inline, TextRun } from './book-model';
import { displayDate } from './book-document';
import { creditParts } from './credits';
import { licenseInfo, rightsStatement } from './license';
import { chapterSourcesLine } from './chapter-sources';

/**
 * The book as HTML, shared by the HTML and EPUB exports and the reader page, so all three show the same
 * book. Pure functions of the book and a few options: no DOM, no network, no server code.
 */
export interface HtmlOptions {
  /** XHTML (EPUB): void elements closed, every attribute quoted; HTML otherwise. */
  xml?: boolean;
  /** Where an image's stored `src` is shown from; null when the picture is unavailable (its alt text is shown instead). */
  imageSrc?: (src: string) => string | null;
  /** Link target of a chapter, section or appendix anchor (another file in an EPUB); `#anchor` by default. */
  hrefFor?: (anchor: string) => string;
  /** Formulas as the editor stores them (`data-latex` elements the reader page typesets) instead of MathML. */
  editorMath?: boolean;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** MathML for a LaTeX formula (KaTeX), or null when KaTeX cannot read it. */
export function latexToMathml(latex: string, display: boolean): string | null {
  if (formulaTooLong(latex)) return null;
  try {
    const html = katex.renderToString(latex, {
      ...katexLimits,
      output: 'mathml',
      displayMode: display,
      throwOnError: true,
      strict: 'ignore',
      trust: false,
    });
    const start = html.indexOf('<math');
    const end = html.lastIndexOf('</math>');
    if (start < 0 || end <= start) return null;
    // The LaTeX as alt text: what a reader without MathML support (or an accessibility checker) gets.
    const math = html.slice(start, end + '</math>'.length);
    const tagEnd = math.indexOf('>');
    return `${math.slice(0, tagEnd)} alttext="${escapeHtml(latex)}"${math.slice(tagEnd)}`;
  } catch {
    return null;
  }
}

function mathHtml(latex: string, display: boolean, id = '', opts: HtmlOptions = {}): string {
  if (opts.editorMath)
    return display
      ? `<div data-type="block-math" data-latex="${escapeHtml(latex)}"${id}></div>`
      : `<span data-type="inline-math" data-latex="${escapeHtml(latex)}"></span>`;
  const mathml = latexToMathml(latex, display);
  if (mathml) return display ? `<div class="math-block"${id}>${mathml}</div>` : mathml;
  // A formula KaTeX cannot read is shown as its source, so nothing is lost.
  const code = `<code class="math-source">${escapeHtml(latex)}</code>`;
  return display ? `<p class="math-block"${id}>${code}</p>` : code;
}

function runHtml(run: TextRun): string {
  let html = escapeHtml(run.text);
  if (run.code) html = `<code>${html}</code>`;
  if (run.sub) html = `<sub>${html}</sub>`;
  if (run.sup) html = `<sup>${html}</sup>`;
  if (run.strike) html = `<s>${html}</s>`;
  if (run.underline) html = `<u>${html}</u>`;
  if (run.italic) html = `<em>${html}</em>`;
  if (run.bold) html = `<strong>${html}</strong>`;
  return html;
}

export function renderInlineHtml(content: readonly Inline[], opts: HtmlOptions = {}): string {
  let out = '';
  let i = 0;
  while (i < content.length) {
    const item = content[i];
    if (item.kind === 'text' && item.href) {
      // Neighbouring runs of one link share one anchor.
      const href = item.href;
      let inner = '';
      while (i < content.length) {
        const run = content[i];
        if (run.kind !== 'text' || run.href !== href) break;
        inner += runHtml(run);
        i++;
      }
      // A link inside the book (a cross-reference, a glossary term) goes where its anchor lives, another file in an EPUB.
      const target = href.startsWith('#') && opts.hrefFor ? opts.hrefFor(href.slice(1)) : href;
      out += `<a href="${escapeHtml(target)}">${inner}</a>`;
      continue;
    }
    if (item.kind === 'text') out += runHtml(item);
    else if (item.kind === 'math') out += mathHtml(item.latex, false, '', opts);
    else out += opts.xml ? '<br/>' : '<br>';
    i++;
  }
  return out;
}

function imageHtml(src: string, alt: string, opts: HtmlOptions, id = ''): string {
  const shown = opts.imageSrc ? opts.imageSrc(src) : src;
  if (!shown) return `<p class="image-missing"${id}>[Image not available${alt ? `: ${escapeHtml(alt)}` : ''}]</p>`;
  return `<figure${id}><img src="${escapeHtml(shown)}" alt="${escapeHtml(alt)}"${opts.xml ? '/' : ''}></figure>`;
}

export function renderBlocksHtml(blocks: readonly Block[], opts: HtmlOptions = {}): string {
  return blocks.map((b) => renderBlockHtml(b, opts)).join('\n');
}

function renderBlockHtml(block: Block, opts: HtmlOptions): string {
  // The anchor a cross-reference links to (numbering.ts).
  const id = block.anchor ? ` id="${escapeHtml(block.anchor)}"` : '';
  switch (block.kind) {
    case 'heading':
      return `<h${block.level}${id}>${renderInlineHtml(block.content, opts)}</h${block.level}>`;
    case 'paragraph':
      return `<p${id}${block.role ? ` class="${block.role}"` : ''}>${renderInlineHtml(block.content, opts)}</p>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      const start =
        (block.ordered && block.start !== 1 ? ` start="${block.start}"` : '') +
        (block.ordered && block.marker ? ` type="${block.marker}"` : '');
      return `<${tag}${start}${id}>${block.items.map((item) => `<li>${renderBlocksHtml(item, opts)}</li>`).join('')}</${tag}>`;
    }
    case 'table': {
      const rows = block.rows
        .map((row) => {
          const cells = row.map((cell) => {
            const tag = cell.header ? 'th' : 'td';
            const span = `${cell.colspan > 1 ? ` colspan="${cell.colspan}"` : ''}${cell.rowspan > 1 ? ` rowspan="${cell.rowspan}"` : ''}`;
            return `<${tag}${span}>${renderBlocksHtml(cell.blocks, opts)}</${tag}>`;
          });
          return `<tr>${cells.join('')}</tr>`;
        })
        .join('\n');
      return `<div class="table-wrap"${id}><table><tbody>${rows}</tbody></table></div>`;
    }
    case 'image':
      return imageHtml(block.src, block.alt, opts, id);
    case 'math':
      return mathHtml(block.latex, true, id, opts);
    case 'code':
      return `<pre${id}><code>${escapeHtml(block.text)}</code></pre>`;
    case 'quote':
      return `<blockquote${id}>${renderBlocksHtml(block.blocks, opts)}</blockquote>`;
    case 'rule':
      return opts.xml ? '<hr/>' : '<hr>';
  }
}

const href = (anchor: string, opts: HtmlOptions) => escapeHtml(opts.hrefFor ? opts.hrefFor(anchor) : `#${anchor}`);

export function renderSectionHtml(section: BookSection, level: number, opts: HtmlOptions = {}): string {
  return `<section id="${section.anchor}" class="section">\n<h${level}>${escapeHtml(section.title)}</h${level}>\n${renderBlocksHtml(section.blocks, opts)}\n</section>`;
}

/** A chapter: its title as a level-1 heading, its own text, then its sections as level-2 headings. */
export function renderChapterHtml(chapter: BookChapter, opts: HtmlOptions = {}): string {
  const sections = chapter.sections.map((s) => renderSectionHtml(s, 2, opts)).join('\n');
  const from = chapterSourcesLine(chapter.sourceFiles);
  const fromHtml = from ? `<p class="chapter-sources">${escapeHtml(from)}</p>\n` : '';
  return `<section id="${chapter.anchor}" class="chapter">\n<h1>${escapeHtml(chapter.title)}</h1>\n${fromHtml}${renderBlocksHtml(chapter.blocks, opts)}\n${sections}\n</section>`;
}

/** A title-page line with its web address a link ("Eryn McFarlane, https://github.com/erynmcfarlane"). */
function creditHtml(line: string): string {
  return creditParts(line)
    .map((part) => (part.href ? `<a href="${escapeHtml(part.href)}">${escapeHtml(part.text)}</a>` : escapeHtml(part.text)))
    .join('');
}

/** The licence line of the title page: the statement, and the licence's own page as a link where it has one. */
export function renderLicenseHtml(doc: BookDocument): string {
  const { url } = licenseInfo[doc.license];
  const statement = escapeHtml(rightsStatement(doc.license, doc.authors, doc.date.slice(0, 4)));
  return `<p class="license">${statement}${url ? ` <a rel="license" href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : ''}</p>`;
}

export function renderTitlePageHtml(doc: BookDocument): string {
  const authors = doc.authors.length ? `<p class="authors">${doc.authors.map(escapeHtml).join(', ')}</p>` : '';
  const credits = doc.credits.length ? `<p class="credits">${doc.credits.map(creditHtml).join('<br />')}</p>\n` : '';
  return `<section class="title-page" id="title-page">\n<p class="book-title">${escapeHtml(doc.title)}</p>\n${credits}${authors}\n<p class="date">${escapeHtml(displayDate(doc.date))}</p>\n${renderLicenseHtml(doc)}\n</section>`;
}

/** The table of contents as nested lists of links: chapters, their sections, then the back matter. */
export function renderTocList(doc: BookDocument, opts: HtmlOptions = {}): string {
  const item = (anchor: string, title: string, inner = '') => `<li><a href="${href(anchor, opts)}">${escapeHtml(title)}</a>${inner}</li>`;
  const chapters = doc.chapters.map((c) =>
    item(c.anchor, c.title, c.sections.length ? `<ol>${c.sections.map((s) => item(s.anchor, s.title)).join('')}</ol>` : ''),
  );
  if (doc.bibliography.length) chapters.push(item('bibliography', 'Bibliography'));
  if (doc.appendix.length)
    chapters.push(
      item('appendix', 'Appendix: Educational Materials', `<ol>${doc.appendix.map((a) => item(a.anchor, a.title)).join('')}</ol>`),
    );
  return `<ol class="toc">${chapters.join('\n')}</ol>`;
}

export function renderBibliographyHtml(doc: BookDocument, opts: HtmlOptions = {}): string {
  if (!doc.bibliography.length) return '';
  return `<section id="bibliography" class="bibliography">\n<h1>Bibliography</h1>\n${renderBlocksHtml(doc.bibliography, opts)}\n</section>`;
}

export function renderAppendixHtml(doc: BookDocument, opts: HtmlOptions = {}): string {
  if (!doc.appendix.length) return '';
  const parts = doc.appendix.map((a) => renderSectionHtml(a, 2, opts)).join('\n');
  return `<section id="appendix" class="appendix">\n<h1>Appendix: Educational Materials</h1>\n${parts}\n</section>`;
}

/** The book's stylesheet: readable on screen and in print (each chapter on a new page, link targets printed). */
export const bookCss = `
body { font-family: Georgia, 'DejaVu Serif', 'Times New Roman', serif; line-height: 1.6; color: #1e293b; background: #fff; max-width: 46rem; margin: 0 auto; padding: 1.5rem; }
h1, h2, h3, h4, h5, h6 { font-family: 'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif; line-height: 1.25; color: #0f172a; }
h1 { font-size: 2rem; margin-top: 3rem; border-bottom: 2px solid #cbd5e1; padding-bottom: .3rem; }
h2 { font-size: 1.5rem; margin-top: 2rem; }
h3 { font-size: 1.25rem; } h4 { font-size: 1.1rem; } h5, h6 { font-size: 1rem; }
a { color: #3730a3; }
img { max-width: 100%; height: auto; }
figure { margin: 1rem 0; text-align: center; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #94a3b8; padding: .3rem .5rem; vertical-align: top; text-align: left; }
th { background: #f1f5f9; }
th p, td p { margin: 0; }
pre { background: #f8fafc; border: 1px solid #e2e8f0; padding: .75rem; overflow-x: auto; white-space: pre-wrap; }
blockquote { border-left: 4px solid #cbd5e1; margin-left: 0; padding-left: 1rem; color: #334155; }
.math-block { text-align: center; margin: 1rem 0; padding: .25rem 0; overflow-x: auto; overflow-y: hidden; }
.math-source { color: #7c2d12; }
.equation-number { text-align: right; margin-top: -.5rem; }
.image-missing { color: #64748b; font-style: italic; }
.title-page { text-align: center; padding: 4rem 0 3rem; }
.book-title { font-family: 'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif; font-size: 2.5rem; font-weight: bold; margin: 0 0 1.5rem; }
.authors { font-size: 1.25rem; }
.credits { color: #334155; }
.date { color: #475569; }
.license { color: #475569; font-size: .9rem; margin-top: 3rem; }
.chapter-sources { color: #475569; font-size: .9rem; font-style: italic; margin-top: -.5rem; }
.toc, .toc ol { list-style: none; padding-left: 1.25rem; }
.toc { padding-left: 0; }
.toc a { text-decoration: none; }
.bibliography p { padding-left: 2em; text-indent: -2em; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; color: #000; }
  .title-page { page-break-after: always; break-after: page; }
  nav.toc-page { page-break-after: always; break-after: page; }
  .chapter, .bibliography, .appendix { page-break-before: always; break-before: page; }
  h1, h2, h3, h4 { page-break-after: avoid; break-after: avoid; }
  figure, table, pre, .math-block { page-break-inside: avoid; break-inside: avoid; }
  a { color: #000; text-decoration: none; }
  .chapter a[href^="http"]::after { content: " (" attr(href) ")"; font-size: 90%; }
}
`.trim();

/** The whole book as one HTML page: title page, contents, chapters, bibliography, appendix, with its stylesheet inline. */
export function renderBookHtml(doc: BookDocument, opts: HtmlOptions = {}): string {
  const body = [
    renderTitlePageHtml(doc),
    `<nav class="toc-page" aria-labelledby="toc-title"><h2 id="toc-title">Contents</h2>\n${renderTocList(doc, opts)}\n</nav>`,
    ...doc.chapters.map((c) => renderChapterHtml(c, opts)),
    renderBibliographyHtml(doc, opts),
    renderAppendixHtml(doc, opts),
  ]
    .filter(Boolean)
    .join('\n');
  const authors = doc.authors.length ? `\n<meta name="author" content="${escapeHtml(doc.authors.join(', '))}">` : '';
  const licenseUrl = licenseInfo[doc.license].url;
  const license = licenseUrl ? `\n<link rel="license" href="${escapeHtml(licenseUrl)}">` : '';
  return `<!DOCTYPE html>
<html lang="${escapeHtml(doc.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.title)}</title>${authors}
<meta name="date" content="${escapeHtml(doc.date)}">${license}
<style>
${bookCss}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
