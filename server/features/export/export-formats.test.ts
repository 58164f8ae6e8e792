import { DOMParser } from '@xmldom/xmldom';
import { JSDOM } from 'jsdom';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { useHarness } from '@server/test/harness.support';
import { assessment, createRichBook, exportUrl, quiz } from '@server/test/export/full-book.support';
import { expectEpubcheckErrorFree } from '@server/test/export/epubcheck.support';

/** Each format is opened by a reader that is not ours: mammoth, epubcheck, pdf.js, jsdom, an XML parser. */
const h = useHarness();
const chapterTitles = ['Kinematics', 'Dynamics', 'Energy'];
const sectionTitles = ['Velocity', 'Acceleration', "Newton's laws"];

async function download(format: string, appendix = false) {
  const alice = await h.createUser('alice');
  const book = await createRichBook(h, alice);
  const res = await h.app.inject({ method: 'GET', url: exportUrl(book.id, format, appendix), headers: { cookie: alice.cookie } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return { res, bytes: res.rawPayload, book };
}

describe('export formats, read back by independent readers', () => {
  it('DOCX: mammoth reads chapters as Heading 1 and sections as Heading 2, the picture, the table, the bibliography', async () => {
    const { res, bytes } = await download('docx', true);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Classical-Mechanics-Motion-Force.docx"');
    const { value: html } = await mammoth.convertToHtml({ buffer: bytes });
    const dom = new JSDOM(html).window.document;
    const h1 = [...dom.querySelectorAll('h1')].map((e) => e.textContent);
    const h2 = [...dom.querySelectorAll('h2')].map((e) => e.textContent);
    expect(h1).toEqual([...chapterTitles, 'Bibliography', 'Appendix: Educational Materials']);
    expect(h2).toEqual([...sectionTitles, 'Quiz: Kinematics', 'Assessment: Mechanics']);
    expect([...dom.querySelectorAll('h3')].map((e) => e.textContent)).toContain('Average velocity');
    // The stored picture; the formulas are Word equations (OMML), not pictures.
    const images = [...dom.querySelectorAll('img')];
    expect(images.map((i) => i.getAttribute('alt'))).toEqual(['Position against time']);
    const documentXml = await (await JSZip.loadAsync(bytes)).file('word/document.xml')!.async('string');
    expect(documentXml.match(/<m:oMath>/g)).toHaveLength(3);
    const table = dom.querySelector('table');
    expect(table?.textContent).toContain('Acceleration');
    expect(table?.textContent).toContain('m/s');
    // Title page, table of contents entries, the approved reference only, formatted in APA.
    expect(html).toContain('Classical Mechanics: Motion &amp; Force');
    expect([...dom.querySelectorAll('a[href^="#_Toc"]')].length).toBeGreaterThanOrEqual(6);
    expect(dom.body.textContent).toContain('Ling, S. J., Sanny, J., & Moebs, W. (2016). University Physics Volume 1');
    expect(dom.body.textContent).not.toContain('nobody approved');
    expect(dom.querySelector('a[href="https://openstax.org/books/university-physics-volume-1"]')?.textContent).toBe('the OpenStax text');
  });

  it('EPUB: epubcheck finds no errors; the nav lists every chapter and section; one XHTML file per chapter with MathML', async () => {
    const { res, bytes } = await download('epub', true);
    expect(res.headers['content-type']).toBe('application/epub+zip');
    const zip = await JSZip.loadAsync(bytes);
    expect(Object.keys(zip.files)[0]).toBe('mimetype');
    const nav = await zip.file('OEBPS/nav.xhtml')!.async('string');
    const navDoc = new DOMParser().parseFromString(nav, 'application/xhtml+xml');
    const links = [...Array.from(navDoc.getElementsByTagName('a'))].map((a) => a.textContent);
    for (const t of [...chapterTitles, ...sectionTitles, 'Bibliography']) expect(links).toContain(t);
    for (let i = 1; i <= 3; i++) expect(zip.file(`OEBPS/ch${i}.xhtml`)).not.toBeNull();
    const ch1 = await zip.file('OEBPS/ch1.xhtml')!.async('string');
    expect(ch1).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML"');
    expect(ch1).toMatch(/<img src="images\/image1\.png" alt="Position against time"\/>/);
    const opf = await zip.file('OEBPS/content.opf')!.async('string');
    expect(opf).toMatch(/<item id="ch1" href="ch1.xhtml" media-type="application\/xhtml\+xml" properties="mathml"\/>/);

    expectEpubcheckErrorFree(bytes);
  }, 120_000);

  it('PDF: pdf.js finds the pages, every chapter title in the text, and one bookmark per chapter with its sections', async () => {
    const { res, bytes } = await download('pdf');
    expect(res.headers['content-type']).toBe('application/pdf');
    const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
    const pdf = await task.promise;
    expect(pdf.numPages).toBeGreaterThanOrEqual(6); // title, contents, three chapters, bibliography
    let text = '';
    for (let p = 1; p <= pdf.numPages; p++) {
      const page = await pdf.getPage(p);
      const content = await page.getTextContent();
      text += `${content.items.map((i) => ('str' in i ? i.str : '')).join(' ')}\n`;
    }
    for (const t of [...chapterTitles, ...sectionTitles, 'Contents', 'Bibliography', 'Average velocity']) expect(text).toContain(t);
    expect(text).toContain('University Physics Volume 1');
    const outline = await pdf.getOutline();
    expect(outline.map((o) => o.title)).toEqual([...chapterTitles, 'Bibliography']);
    expect(outline[0].items.map((o) => o.title)).toEqual(['Velocity', 'Acceleration']);
    expect(outline[1].items.map((o) => o.title)).toEqual(["Newton's laws"]);
    // The picture is embedded and drawn on the first chapter's page.
    const ops = await (await pdf.getPage(3)).getOperatorList();
    expect(ops.fnArray).toContain(OPS.paintImageXObject);
    await task.destroy();
  });

  it('HTML: one page with no outside resources, pictures as data URLs, math as MathML and a print stylesheet', async () => {
    const { res, bytes } = await download('html', true);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Classical-Mechanics-Motion-Force.html"');
    const html = bytes.toString('utf8');
    const dom = new JSDOM(html).window.document;
    // Nothing is fetched when the page opens: no scripts, stylesheets or frames, every src a data URL.
    expect(dom.querySelectorAll('script, link, iframe, object, embed').length).toBe(0);
    const sources = [...dom.querySelectorAll('[src]')].map((e) => e.getAttribute('src'));
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) expect(src).toMatch(/^data:image\/png;base64,/);
    expect(html).not.toMatch(/url\(/);
    expect(dom.querySelectorAll('math').length).toBeGreaterThanOrEqual(3);
    expect(dom.querySelector('style')?.textContent).toContain('@media print');
    expect([...dom.querySelectorAll('h1')].map((e) => e.textContent)).toEqual([
      ...chapterTitles,
      'Bibliography',
      'Appendix: Educational Materials',
    ]);
    expect(dom.querySelector('.title-page')?.textContent).toContain('Classical Mechanics: Motion & Force');
    // Links of the contents reach their headings.
    for (const a of dom.querySelectorAll('.toc a')) expect(dom.getElementById(a.getAttribute('href')!.slice(1))).not.toBeNull();
  });

  it('IMS cartridge: the manifest names only files in the package, chapters in order, QTI items = the questions, correct answers marked', async () => {
    const { res, bytes } = await download('imscc');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Classical-Mechanics-Motion-Force.imscc"');
    const zip = await JSZip.loadAsync(bytes);
    const manifestXml = await zip.file('imsmanifest.xml')!.async('string');
    const manifest = new DOMParser().parseFromString(manifestXml, 'application/xml');
    expect(manifest.getElementsByTagName('schemaversion')[0].textContent).toBe('1.3.0');
    const hrefs = Array.from(manifest.getElementsByTagName('file')).map((f) => f.getAttribute('href')!);
    for (const href of hrefs) expect(zip.file(href), href).not.toBeNull();
    const files = Object.keys(zip.files).filter((f) => !zip.files[f].dir && f !== 'imsmanifest.xml');
    expect(files.sort()).toEqual([...new Set(hrefs)].sort());
    const titles = Array.from(manifest.getElementsByTagName('item'))
      .filter((i) => i.getAttribute('identifierref'))
      .map((i) => i.getElementsByTagName('title')[0]?.textContent);
    expect(titles).toEqual([
      'Classical Mechanics: Motion & Force',
      ...chapterTitles,
      'Bibliography',
      // The answer keys, for instructors only, then the QTI students take.
      'Quiz: Kinematics: answer key',
      'Assessment: Mechanics: answer key',
      'Quiz: Kinematics',
      'Assessment: Mechanics',
    ]);

    const resources = Array.from(manifest.getElementsByTagName('resource'));
    const assessments = resources.filter((r) => r.getAttribute('type') === 'imsqti_xmlv1p2/imscc_xmlv1p3/assessment');
    expect(assessments).toHaveLength(2);
    const qtiOf = async (r: Element) => {
      const href = r.getElementsByTagName('file')[0].getAttribute('href')!;
      return new DOMParser().parseFromString(await zip.file(href)!.async('string'), 'application/xml');
    };
    const quizXml = await qtiOf(assessments[0]);
    const items = Array.from(quizXml.getElementsByTagName('item'));
    expect(items).toHaveLength(quiz.questions.length);
    items.forEach((item, i) => {
      const question = quiz.questions[i];
      expect(item.getElementsByTagName('mattext')[0].textContent).toBe(question.prompt);
      const fields = Array.from(item.getElementsByTagName('qtimetadatafield')).map((f) => [
        f.getElementsByTagName('fieldlabel')[0].textContent,
        f.getElementsByTagName('fieldentry')[0].textContent,
      ]);
      const profile = Object.fromEntries(fields).cc_profile;
      expect(profile).toBe(
        { 'multiple-choice': 'cc.multiple_choice.v0p1', 'true-false': 'cc.true_false.v0p1', 'short-answer': 'cc.fib.v0p1' }[question.type],
      );
      // The correct answer: the choice that sets SCORE to 100 is the answer's label (or the accepted text).
      const scoring = Array.from(item.getElementsByTagName('respcondition')).find((c) => c.getElementsByTagName('setvar').length > 0)!;
      expect(scoring.getElementsByTagName('setvar')[0].textContent).toBe('100');
      const correct = scoring.getElementsByTagName('varequal')[0].textContent;
      const labels = Array.from(item.getElementsByTagName('response_label'));
      if (labels.length > 1) {
        const chosen = labels.find((l) => l.getAttribute('ident') === correct)!;
        expect(chosen.getElementsByTagName('mattext')[0].textContent).toBe(question.answer);
      } else expect(correct).toBe(question.answer);
      expect(item.getElementsByTagName('itemfeedback')[0].textContent).toBe(question.explanation);
    });
    const examItems = Array.from((await qtiOf(assessments[1])).getElementsByTagName('item'));
    expect(examItems).toHaveLength(assessment.items.length);
    expect(examItems[1].textContent).toContain('cc.essay.v0p1');
    // Chapters are web pages with their pictures in the package.
    const chapter = await zip.file('pages/ch1.html')!.async('string');
    expect(chapter).toContain('<img src="../web_resources/images/image1.png"');
    expect(chapter).toContain('<math');
  });
});
