import { DOMParser } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { formulas, renderBook } from '@server/test/export/rendered-book.support';
import { latexToOmml } from './omml';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const M = 'http://schemas.openxmlformats.org/officeDocument/2006/math';
const WP = 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing';

/** The DOCX opened as Word would: JSZip for the package, an XML parser (namespace-aware) for its parts. */
async function openDocx() {
  const zip = await JSZip.loadAsync(await renderBook('docx'));
  const part = async (name: string) => {
    const text = await zip.file(name)!.async('string');
    const errors: string[] = [];
    const doc = new DOMParser({
      errorHandler: { warning: () => undefined, error: (m: string) => errors.push(m), fatalError: (m: string) => errors.push(m) },
    }).parseFromString(text, 'application/xml');
    expect(errors, name).toEqual([]);
    return doc;
  };
  return {
    document: await part('word/document.xml'),
    styles: await part('word/styles.xml'),
    settings: await part('word/settings.xml'),
    part,
  };
}

const attr = (el: Element, name: string) => el.getAttributeNS(W, name) ?? el.getAttribute(`w:${name}`);
const all = (doc: Document | Element, ns: string, name: string) => Array.from(doc.getElementsByTagNameNS(ns, name));

function styleById(styles: Document, id: string): Element | undefined {
  return all(styles, W, 'style').find((s) => attr(s, 'styleId') === id);
}

function paragraphStyle(p: Element): string | null {
  const pStyle = all(p, W, 'pStyle')[0];
  return pStyle ? attr(pStyle, 'val') : null;
}

describe('DOCX a Word user keeps editing', () => {
  it('writes every formula of the common subset as a Word equation (m:oMath), display ones as equation paragraphs', async () => {
    const { document } = await openDocx();
    const oMath = all(document, M, 'oMath');
    // Seven inline formulas plus S = k ln W in the chapter, six display formulas in the section.
    expect(oMath.length).toBe(formulas.length + 1);
    expect(all(document, M, 'oMathPara').length).toBe(formulas.length - 7);
    // Real structure, not text: fractions, radicals (one with a degree), n-ary sum/product/integral, a matrix, accents.
    expect(all(document, M, 'f').length).toBeGreaterThanOrEqual(5);
    expect(all(document, M, 'rad').length).toBe(2);
    const naryChars = all(document, M, 'nary').map((n) => all(n, M, 'chr')[0]?.getAttributeNS(M, 'val'));
    expect(naryChars.sort()).toEqual(['∏', '∑', '∫']);
    expect(all(document, M, 'm').length).toBe(1);
    expect(all(document, M, 'acc').length).toBe(2);
    expect(all(document, M, 'fPr').length).toBe(1); // the binomial: a fraction without a bar
    // Greek letters are kept as characters.
    const mathText = all(document, M, 't')
      .map((t) => t.textContent)
      .join('');
    for (const ch of ['α', 'β', 'γ', '≤']) expect(mathText).toContain(ch);
  });

  it('gives Heading 1 to 6 an outline level and spacing, and Normal paragraph spacing; never skips a heading level', async () => {
    const { document, styles } = await openDocx();
    for (let level = 1; level <= 6; level++) {
      const style = styleById(styles, `Heading${level}`);
      expect(style, `Heading${level}`).toBeDefined();
      const outline = all(style!, W, 'outlineLvl')[0];
      expect(attr(outline, 'val')).toBe(String(level - 1));
      const spacing = all(style!, W, 'spacing')[0];
      expect(Number(attr(spacing, 'before'))).toBeGreaterThan(0);
    }
    const normal = styleById(styles, 'Normal')!;
    expect(Number(attr(all(normal, W, 'spacing')[0], 'after'))).toBeGreaterThan(0);
    // The headings in reading order: chapter (1), its text's h3 (2), h5 (3: one below the last), section (2).
    const headings = all(document, W, 'p')
      .map(paragraphStyle)
      .filter((s): s is string => Boolean(s && /^Heading\d$/.test(s)))
      .map((s) => Number(s.slice(7)));
    expect(headings.slice(0, 4)).toEqual([1, 2, 3, 2]);
    for (let i = 1; i < headings.length; i++) expect(headings[i]).toBeLessThanOrEqual(headings[i - 1] + 1);
  });

  it('keeps a contents field Word fills on opening, header rows, numbered lists that start where the source does, the language', async () => {
    const { document, settings, part } = await openDocx();
    // w:updateFields with no value is true (ECMA-376 Part 1, 17.15.1.90).
    const update = all(settings, W, 'updateFields');
    expect(update).toHaveLength(1);
    expect(attr(update[0], 'val') || 'true').toBe('true');
    const instr = all(document, W, 'instrText')
      .map((i) => i.textContent)
      .join(' ');
    expect(instr).toMatch(/TOC [^"]*\\o "1-2"/);
    // The first row repeats on every page; the others say they do not.
    const rows = all(document, W, 'tr').map((tr) => all(tr, W, 'tblHeader').map((h) => attr(h, 'val') || 'true')[0]);
    expect(rows).toEqual(['true', 'off']);
    const numbering = await part('word/numbering.xml');
    const starts = all(numbering, W, 'start').map((s) => attr(s, 'val'));
    expect(starts).toContain('3');
    const styles = await part('word/styles.xml');
    expect(attr(all(all(styles, W, 'docDefaults')[0], W, 'lang')[0], 'val')).toBe('de');
  });

  it('describes pictures (docPr descr) from their caption and the sentence that introduces them, never "Figure"', async () => {
    const { document } = await openDocx();
    const descriptions = all(document, WP, 'docPr').map((d) => d.getAttribute('descr'));
    expect(descriptions).toContain('Figure 1: Energy levels of a two-state paramagnet Figure 1 shows the two-state paramagnet.');
    expect(descriptions).toContain('A formula, shown as a picture from the source document. The unreadable formula follows:');
    for (const d of descriptions) expect(d).not.toMatch(/^(Figure|Image)?$/);
  });

  it('is A4 by default and Letter when asked', async () => {
    const size = async (job: Parameters<typeof renderBook>[2]) => {
      const zip = await JSZip.loadAsync(await renderBook('docx', undefined, job));
      const xml = await zip.file('word/document.xml')!.async('string');
      return /<w:pgSz w:w="(\d+)" w:h="(\d+)"/.exec(xml)?.slice(1);
    };
    expect(await size({})).toEqual(['11906', '16838']);
    expect(await size({ pageSize: 'letter' })).toEqual(['12240', '15840']);
  });

  it('states the licence on the title page and in the document properties', async () => {
    const zip = await JSZip.loadAsync(await renderBook('docx'));
    const body = await zip.file('word/document.xml')!.async('string');
    expect(body).toContain('© 2026 Ada Lovelace, Alan Turing. Licensed under Creative Commons Attribution-ShareAlike 4.0 International.');
    expect(body).toContain('https://creativecommons.org/licenses/by-sa/4.0/');
    const core = await zip.file('docProps/core.xml')!.async('string');
    expect(core).toContain('CC-BY-SA-4.0');
  });
});

describe('latexToOmml', () => {
  it('leaves a formula outside the subset (or unreadable) to the picture fallback', () => {
    expect(latexToOmml('\\frac{1}{', false)).toBeNull();
    expect(latexToOmml('{}_a^b X', false)).not.toBeNull();
    expect(latexToOmml('x', true)).toMatch(/^<m:oMathPara><m:oMath>.*<\/m:oMath><\/m:oMathPara>$/);
  });

  it('writes names upright and single letters in math italic', () => {
    const omml = latexToOmml('\\sin x', false)!;
    expect(omml).toMatch(/<m:sty m:val="p"\/><\/m:rPr>[^]*?<m:t xml:space="preserve">sin<\/m:t>/);
    expect(omml).toMatch(/<m:r><w:rPr>[^]*?<m:t xml:space="preserve">x<\/m:t>/);
  });
});
