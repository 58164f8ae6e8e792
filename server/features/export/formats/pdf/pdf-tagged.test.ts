import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { renderBook } from '@server/test/export/rendered-book.support';

/** A node of pdf.js's structure tree (getStructTree): a role and its children, or a content reference. */
interface StructNode {
  role?: string;
  alt?: string;
  lang?: string;
  children?: StructNode[];
  type?: string;
}

async function openPdf(pageSize?: 'a4' | 'letter') {
  const bytes = await renderBook('pdf', undefined, pageSize ? { pageSize } : {});
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const pdf = await task.promise;
  const trees: StructNode[] = [];
  for (let p = 1; p <= pdf.numPages; p++) trees.push((await (await pdf.getPage(p)).getStructTree()) as StructNode);
  return { pdf, trees, close: () => task.destroy() };
}

function* walk(node: StructNode): Iterable<StructNode> {
  yield node;
  for (const child of node.children ?? []) yield* walk(child);
}
const roles = (trees: StructNode[]) => trees.flatMap((t) => [...walk(t)].map((n) => n.role).filter(Boolean));

describe('tagged PDF (PDF/UA-1 basics), read with pdf.js', () => {
  it('declares tagging, the language and the title, and is A4 or Letter as asked', async () => {
    const { pdf, close } = await openPdf('a4');
    // pdf.js answers a Map here, whatever its typings say.
    const markInfo = (await pdf.getMarkInfo()) as unknown as Map<string, boolean> | null;
    expect(markInfo?.get('Marked')).toBe(true);
    const { info } = (await pdf.getMetadata()) as { info: Record<string, unknown> };
    expect(info.Language).toBe('de');
    expect(info.Title).toBe('Entropie und Information');
    expect(info.Keywords).toContain('Creative Commons Attribution-ShareAlike 4.0 International');
    const [, , width, height] = (await pdf.getPage(1)).view;
    // Tab order by structure on every page.
    const raw = Buffer.from(await pdf.getData()).toString('latin1');
    expect(raw.match(/\/Type \/Page\b/g)?.length).toBe(pdf.numPages);
    expect(raw.match(/\/Tabs \/S\b/g)?.length).toBe(pdf.numPages);
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    await close();
    const letter = await openPdf('letter');
    expect((await letter.pdf.getPage(1)).view.slice(2)).toEqual([612, 792]);
    await letter.close();
  });

  it('has a structure tree: headings in order, paragraphs, a list, a table with header cells, the contents, links', async () => {
    const { trees, close } = await openPdf();
    const all = roles(trees);
    const headings = all.filter((r) => /^H\d$/.test(r!)).map((r) => Number(r!.slice(1)));
    // Contents, chapter, its text's two headings, the section, the bibliography.
    expect(headings).toEqual([1, 1, 2, 3, 2, 1]);
    for (const role of ['Document', 'TOC', 'TOCI', 'Sect', 'P', 'L', 'LI', 'Lbl', 'LBody', 'Table', 'TR', 'TH', 'TD', 'Link'])
      expect(all, role).toContain(role);
    expect(all.filter((r) => r === 'TH')).toHaveLength(2);
    await close();
  });

  it('gives every figure alt text from its caption and every formula its LaTeX', async () => {
    const { trees, close } = await openPdf();
    const nodes = trees.flatMap((t) => [...walk(t)]);
    const figures = nodes.filter((n) => n.role === 'Figure').map((n) => n.alt);
    expect(figures).toEqual([
      'Figure 1: Energy levels of a two-state paramagnet Figure 1 shows the two-state paramagnet.',
      'A formula, shown as a picture from the source document. The unreadable formula follows:',
    ]);
    const formulas = nodes.filter((n) => n.role === 'Formula').map((n) => n.alt);
    expect(formulas).toContain('S = k \\ln W');
    expect(formulas).toContain('\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}');
    expect(formulas).toHaveLength(14);
    await close();
  });

  it('draws nothing outside marked content: every glyph, picture and path is tagged or an artifact', async () => {
    const { pdf, close } = await openPdf();
    await expectAllMarked(pdf);
    await close();
  });

  it('keeps every page marked when paragraphs, links, a long table (its header repeated), lists and code cross pages', async () => {
    const long = 'Entropy counts the microstates compatible with a macrostate. '.repeat(40);
    const rows = Array.from(
      { length: 80 },
      (_, i) =>
        `<tr><td><p>Row ${i} <span data-type="inline-math" data-latex="x_{${i}}^2"></span></p></td><td><p>${long.slice(0, 120)}</p></td></tr>`,
    ).join('');
    const items = Array.from(
      { length: 60 },
      (_, i) =>
        `<li><p>Item ${i} ${long.slice(0, 200)}</p><ol><li><p>nested <a href="https://example.org/${i}">link</a></p></li></ol></li>`,
    ).join('');
    const content = {
      title: 'Stress',
      references: [],
      chapters: [
        {
          title: 'Long',
          content:
            `<p>${long} <a href="https://example.org/a">a link that may cross a page</a> ${long}</p>` +
            `<table><tbody><tr><th><p>Head <span data-type="inline-math" data-latex="\\alpha"></span></p></th><th><p>Text</p></th></tr>${rows}</tbody></table>` +
            `<ul>${items}</ul><blockquote><p>${long}</p></blockquote><hr><pre><code>${'code line\n'.repeat(120)}</code></pre>`,
          sections: [],
        },
      ],
    };
    const task = getDocument({ data: new Uint8Array(await renderBook('pdf', content)), useSystemFonts: false });
    const pdf = await task.promise;
    expect(pdf.numPages).toBeGreaterThan(15);
    await expectAllMarked(pdf);
    await task.destroy();
  }, 60_000);
});

/** Every page's drawing inside marked content (tagged or an artifact), and every marked sequence closed. */
async function expectAllMarked(pdf: Awaited<ReturnType<typeof getDocument>['promise']>) {
  const drawing = new Set<number>([
    OPS.showText,
    OPS.showSpacedText,
    OPS.paintImageXObject,
    OPS.paintFormXObjectBegin,
    OPS.fill,
    OPS.stroke,
    OPS.eoFill,
    OPS.constructPath,
  ]);
  for (let p = 1; p <= pdf.numPages; p++) {
    const { fnArray } = await (await pdf.getPage(p)).getOperatorList();
    let depth = 0;
    let untagged = 0;
    for (const fn of fnArray) {
      if (fn === OPS.beginMarkedContent || fn === OPS.beginMarkedContentProps) depth++;
      else if (fn === OPS.endMarkedContent) depth--;
      else if (drawing.has(fn) && depth === 0) untagged++;
      expect(depth, `page ${p}`).toBeGreaterThanOrEqual(0);
    }
    expect(depth, `page ${p}: marked content left open`).toBe(0);
    expect(untagged, `page ${p}: drawing outside marked content`).toBe(0);
  }
}
