import { DOMParser } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { accessibleContent, renderBook } from '@server/test/export/rendered-book.support';
import { epubcheckReport, hasEpubcheck } from '@server/test/export/epubcheck.support';

const XHTML = 'http://www.w3.org/1999/xhtml';
const MATHML = 'http://www.w3.org/1998/Math/MathML';

const parse = (text: string) => new DOMParser().parseFromString(text, 'application/xml');

async function openEpub(content = accessibleContent()) {
  const bytes = await renderBook('epub', content);
  const zip = await JSZip.loadAsync(bytes);
  const opf = parse(await zip.file('OEBPS/content.opf')!.async('string'));
  const pages = await Promise.all(
    Object.keys(zip.files)
      .filter((f) => f.endsWith('.xhtml'))
      .map(async (f) => ({ name: f, doc: parse(await zip.file(f)!.async('string')) })),
  );
  return { bytes, opf, pages };
}

function metaValues(opf: Document, property: string): string[] {
  return Array.from(opf.getElementsByTagName('meta'))
    .filter((m) => m.getAttribute('property') === property)
    .map((m) => m.textContent ?? '');
}

/** Headings of a page in document order, as levels. */
function headingLevels(doc: Document): number[] {
  const levels: number[] = [];
  const walk = (node: Element) => {
    const m = /^h([1-6])$/.exec(node.localName);
    if (m && node.namespaceURI === XHTML) levels.push(Number(m[1]));
    for (const child of Array.from(node.childNodes)) if (child.nodeType === 1) walk(child as Element);
  };
  walk(doc.documentElement);
  return levels;
}

describe('EPUB Accessibility 1.1', () => {
  it('declares the access modes, features, hazards, a summary and the conformance claim in the package', async () => {
    const { opf } = await openEpub();
    expect(metaValues(opf, 'schema:accessMode').sort()).toEqual(['textual', 'visual']);
    expect(metaValues(opf, 'schema:accessModeSufficient').sort()).toEqual(['textual', 'textual,visual']);
    expect(metaValues(opf, 'schema:accessibilityFeature')).toEqual(
      expect.arrayContaining(['structuralNavigation', 'tableOfContents', 'readingOrder', 'alternativeText', 'MathML']),
    );
    expect(metaValues(opf, 'schema:accessibilityHazard')).toEqual(['none']);
    expect(metaValues(opf, 'schema:accessibilitySummary')[0]).toMatch(/Every picture \(2\) has alt text/);
    expect(metaValues(opf, 'dcterms:conformsTo')).toEqual(['EPUB Accessibility 1.1 - WCAG 2.1 Level AA']);
    expect(opf.getElementsByTagName('dc:language')[0].textContent).toBe('de');
    expect(opf.getElementsByTagName('dc:rights')[0].textContent).toContain('Creative Commons Attribution-ShareAlike 4.0 International');
  });

  it('claims no conformance when a picture has no description in the material', async () => {
    const content = accessibleContent();
    content.chapters[0].content = '<p>Text.</p><p><img src="/api/images/1" alt="Figure"></p><p>More text.</p>';
    const { opf } = await openEpub(content);
    expect(metaValues(opf, 'dcterms:conformsTo')).toEqual([]);
    expect(metaValues(opf, 'schema:accessModeSufficient')).toEqual(['textual,visual']);
    expect(metaValues(opf, 'schema:accessibilitySummary')[0]).toMatch(/1 of 2 pictures have no description/);
  });

  it('gives every XHTML file the language, headings in order, described pictures and MathML with alt text', async () => {
    const { pages } = await openEpub();
    let formulas = 0;
    for (const { name, doc } of pages) {
      const html = doc.documentElement;
      expect(html.getAttribute('lang'), name).toBe('de');
      expect(html.getAttribute('xml:lang'), name).toBe('de');
      expect(doc.getElementsByTagName('title')[0].textContent?.trim(), name).not.toBe('');
      const levels = headingLevels(doc);
      levels.forEach((level, i) => expect(level, `${name}: heading ${i}`).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1));
      for (const img of Array.from(doc.getElementsByTagNameNS(XHTML, 'img'))) {
        expect(img.getAttribute('alt')?.trim(), name).toBeTruthy();
        expect(img.getAttribute('alt'), name).not.toMatch(/^(figure|image)$/i);
      }
      for (const math of Array.from(doc.getElementsByTagNameNS(MATHML, 'math'))) {
        formulas++;
        expect(math.getAttribute('alttext'), name).toBeTruthy();
      }
    }
    expect(formulas).toBeGreaterThanOrEqual(14);
    const chapter = pages.find((p) => p.name.endsWith('ch1.xhtml'))!.doc;
    expect(headingLevels(chapter).slice(0, 4)).toEqual([1, 2, 3, 2]);
    const alts = Array.from(chapter.getElementsByTagNameNS(XHTML, 'img')).map((i) => i.getAttribute('alt'));
    expect(alts[0]).toBe('Figure 1: Energy levels of a two-state paramagnet Figure 1 shows the two-state paramagnet.');
  });

  it.skipIf(!hasEpubcheck)(
    'passes epubcheck with no errors or warnings, accessibility metadata included',
    async () => {
      const { bytes } = await openEpub();
      const report = epubcheckReport(bytes);
      expect(report).toContain('0 fatals / 0 errors / 0 warnings');
    },
    120_000,
  );
});
