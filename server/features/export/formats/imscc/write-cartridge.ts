import JSZip from 'jszip';
import { innerAnchors } from '@common/book-render/back-matter';
import { materialBlocks, materialHeading } from '@common/book-render/material-blocks';
import { anchorChapter } from '@common/book-render/numbering';
import {
  bookCss,
  escapeHtml,
  renderAppendixHtml,
  renderBibliographyHtml,
  renderBlocksHtml,
  renderChapterHtml,
  renderTitlePageHtml,
  renderTocList,
  type HtmlOptions,
} from '@common/book-render/render-html';
import { imageExtensions, type ImageMime } from '@server/features/images/image-type';
import type { ExportContext } from '../export-context';
import { xmlEscape, xmlSafe } from '@server/features/export/xml';
import { assessmentXml, itemsOf } from './qti';

/**
 * IMS Common Cartridge 1.3: imsmanifest.xml with one organization whose items are, in order, the title page,
 * the chapters (web content, one HTML page each), the bibliography and appendix, each material as a page for
 * instructors only (lesson plans, homework, and each quiz's and assessment's answer key), then each quiz and
 * assessment as a QTI 1.2 assessment. Pictures are one shared web-content resource the pages depend on. Every file the
 * manifest names is written to the package, and nothing else is. The links-only cartridge (given the book's reader page) has web links to
 * the reader in place of the title page, chapters, bibliography and appendix.
 */
interface Page {
  id: string;
  title: string;
  href: string;
  html: string;
  /** Shown to instructors only: it holds answers (homework's expected answers, a quiz's key) or is the teacher's plan. */
  instructorOnly?: boolean;
}

/**
 * Resource metadata that keeps a page from students: LOM intendedEndUserRole Instructor, which LMS importers
 * (Canvas, Moodle) read as "hidden from students" / teacher-only.
 */
const instructorOnlyMetadata =
  '<metadata><lomr:lom><lomr:educational><lomr:intendedEndUserRole><lomr:source>IMSGLC_CC_Rolesv1p3</lomr:source><lomr:value>Instructor</lomr:value></lomr:intendedEndUserRole></lomr:educational></lomr:lom></metadata>';

function page(title: string, body: string, language: string): string {
  return xmlSafe(`<!DOCTYPE html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
${bookCss}
</style>
</head>
<body>
${body}
</body>
</html>
`);
}

/** A CC 1.3 web link (resource type imswl_xmlv1p3): what an LMS shows as a link that opens in a new window. */
function webLinkXml(title: string, href: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<webLink xmlns="http://www.imsglobal.org/xsd/imsccv1p3/imswl_v1p3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/imsccv1p3/imswl_v1p3 http://www.imsglobal.org/profile/cc/ccv1p3/ccv1p3_imswl_v1p3.xsd">
<title>${xmlEscape(title)}</title>
<url href="${xmlEscape(href)}" target="_blank" windowFeatures="noopener"/>
</webLink>
`;
}

/** The reader page's own address of a place (#c2 for chapter 2, #references for the bibliography); the title page is the book's start. */
function readerFragment(pageId: string): string {
  const chapter = /^ch(\d+)$/.exec(pageId);
  if (chapter) return `#c${chapter[1]}`;
  return pageId === 'bibliography' ? '#references' : '';
}

export async function writeCartridge({ doc, images, materials, readerUrl }: ExportContext): Promise<Uint8Array> {
  const imagePaths = new Map<string, string>();
  let n = 0;
  for (const [src, asset] of images) imagePaths.set(src, `web_resources/images/image${++n}.${imageExtensions[asset.mime as ImageMime]}`);
  const pageFiles = new Map<string, string>();
  doc.chapters.forEach((c) => {
    pageFiles.set(c.anchor, `pages/${c.anchor}.html`);
    for (const s of c.sections) pageFiles.set(s.anchor, `pages/${c.anchor}.html`);
    for (const a of innerAnchors(c)) pageFiles.set(a, `pages/${c.anchor}.html`);
  });
  pageFiles.set('bibliography', 'pages/bibliography.html');
  pageFiles.set('appendix', 'pages/appendix.html');
  for (const a of doc.appendix) pageFiles.set(a.anchor, 'pages/appendix.html');
  // Pages live in pages/, so their links to pictures and to each other go up one level.
  const opts: HtmlOptions = {
    imageSrc: (src) => (imagePaths.has(src) ? `../${imagePaths.get(src)}` : null),
    // A cross-reference's anchor starts with its chapter's: "ch2-fig-2-3".
    hrefFor: (anchor) => `../${pageFiles.get(anchor) ?? pageFiles.get(anchorChapter(anchor)) ?? 'pages/title.html'}#${anchor}`,
  };

  const pages: Page[] = [
    {
      id: 'title',
      title: doc.title,
      href: 'pages/title.html',
      html: page(doc.title, `${renderTitlePageHtml(doc)}\n<nav><h2>Contents</h2>${renderTocList(doc, opts)}</nav>`, doc.language),
    },
    ...doc.chapters.map((c) => ({
      id: c.anchor,
      title: c.title,
      href: `pages/${c.anchor}.html`,
      html: page(c.title, renderChapterHtml(c, opts), doc.language),
    })),
  ];
  if (doc.bibliography.length)
    pages.push({
      id: 'bibliography',
      title: 'Bibliography',
      href: 'pages/bibliography.html',
      html: page('Bibliography', renderBibliographyHtml(doc, opts), doc.language),
    });
  if (doc.appendix.length)
    pages.push({
      id: 'appendix',
      title: 'Appendix: Educational Materials',
      href: 'pages/appendix.html',
      html: page('Appendix: Educational Materials', renderAppendixHtml(doc, opts), doc.language),
    });
  // Materials with no questions an LMS can mark (lesson plans, homework) are pages of their own.
  // Every material is also a page for the instructor: lesson plans and homework (with its expected answers) as they are,
  // quizzes and assessments as their answer key (answers, explanations, rubrics) beside the QTI students take.
  materials.forEach((m, i) => {
    const hasItems = itemsOf(m.contentType, m.content).length > 0;
    const title = hasItems ? `${materialHeading(m)}: answer key` : materialHeading(m);
    pages.push({
      id: `material${i + 1}`,
      title,
      href: `pages/material${i + 1}.html`,
      instructorOnly: true,
      html: page(
        title,
        `<section class="material">\n<h1>${escapeHtml(title)}</h1>\n${renderBlocksHtml(materialBlocks(m), opts)}\n</section>`,
        doc.language,
      ),
    });
  });

  const assessments = materials
    .map((m, i) => ({ id: `assessment${i + 1}`, title: materialHeading(m), items: itemsOf(m.contentType, m.content) }))
    .filter((a) => a.items.length > 0);

  const zip = new JSZip();
  // The manifest is the package's first entry (written in full below).
  zip.file('imsmanifest.xml', '');
  const resources: string[] = [];
  const items: string[] = [];
  // The links-only cartridge: the book's own pages are links to its reader page (the chapter's place in it), so
  // the LMS shows the living book; materials, pictures and quizzes are as in the full cartridge.
  const bookPageIds = new Set(['title', 'bibliography', 'appendix', ...doc.chapters.map((c) => c.anchor)]);
  const linked = readerUrl ? pages.filter((p) => bookPageIds.has(p.id)) : [];
  for (const p of linked) {
    const href = `links/${p.id}.xml`;
    zip.file(href, webLinkXml(p.title, `${readerUrl}${readerFragment(p.id)}`));
    items.push(`<item identifier="item_${p.id}" identifierref="res_${p.id}"><title>${xmlEscape(p.title)}</title></item>`);
    resources.push(`<resource identifier="res_${p.id}" type="imswl_xmlv1p3"><file href="${href}"/></resource>`);
  }
  const copied = pages.filter((p) => !linked.includes(p));
  const hasImages = imagePaths.size > 0 && (!readerUrl || copied.length > 0);
  for (const p of copied) {
    zip.file(p.href, p.html);
    items.push(`<item identifier="item_${p.id}" identifierref="res_${p.id}"><title>${xmlEscape(p.title)}</title></item>`);
    resources.push(
      `<resource identifier="res_${p.id}" type="webcontent" href="${p.href}">${p.instructorOnly ? instructorOnlyMetadata : ''}<file href="${p.href}"/>${hasImages ? '<dependency identifierref="res_images"/>' : ''}</resource>`,
    );
  }
  if (hasImages) {
    const files: string[] = [];
    for (const [src, path] of imagePaths) {
      zip.file(path, images.get(src)!.bytes);
      files.push(`<file href="${path}"/>`);
    }
    resources.push(`<resource identifier="res_images" type="webcontent">${files.join('')}</resource>`);
  }
  for (const a of assessments) {
    const href = `${a.id}/assessment.xml`;
    zip.file(href, assessmentXml(a.id, a.title, a.items));
    items.push(`<item identifier="item_${a.id}" identifierref="res_${a.id}"><title>${xmlEscape(a.title)}</title></item>`);
    resources.push(`<resource identifier="res_${a.id}" type="imsqti_xmlv1p2/imscc_xmlv1p3/assessment"><file href="${href}"/></resource>`);
  }

  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="textbook_manifest" xmlns="http://www.imsglobal.org/xsd/imsccv1p3/imscp_v1p1" xmlns:lomimscc="http://ltsc.ieee.org/xsd/imsccv1p3/LOM/manifest" xmlns:lomr="http://ltsc.ieee.org/xsd/imsccv1p3/LOM/resource" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/imsccv1p3/imscp_v1p1 http://www.imsglobal.org/profile/cc/ccv1p3/ccv1p3_imscp_v1p2_v1p0.xsd http://ltsc.ieee.org/xsd/imsccv1p3/LOM/manifest http://www.imsglobal.org/profile/cc/ccv1p3/LOM/ccv1p3_lommanifest_v1p0.xsd http://ltsc.ieee.org/xsd/imsccv1p3/LOM/resource http://www.imsglobal.org/profile/cc/ccv1p3/LOM/ccv1p3_lomresource_v1p0.xsd">
<metadata>
<schema>IMS Common Cartridge</schema>
<schemaversion>1.3.0</schemaversion>
<lomimscc:lom><lomimscc:general><lomimscc:title><lomimscc:string language="${xmlEscape(doc.language)}">${xmlEscape(doc.title)}</lomimscc:string></lomimscc:title><lomimscc:language>${xmlEscape(doc.language)}</lomimscc:language></lomimscc:general></lomimscc:lom>
</metadata>
<organizations>
<organization identifier="organization" structure="rooted-hierarchy">
<item identifier="root">
${items.join('\n')}
</item>
</organization>
</organizations>
<resources>
${resources.join('\n')}
</resources>
</manifest>
`;
  zip.file('imsmanifest.xml', manifest);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
