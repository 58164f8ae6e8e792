import { randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import { innerAnchors } from '@common/book-render/back-matter';
import { displayDate } from '@common/book-render/book-document';
import { licenseInfo, rightsStatement } from '@common/book-render/license';
import { anchorChapter } from '@common/book-render/numbering';
import type { BookDocument } from '@common/book-render/book-model';
import {
  bookCss,
  renderAppendixHtml,
  renderBibliographyHtml,
  renderChapterHtml,
  renderTitlePageHtml,
  renderTocList,
  type HtmlOptions,
} from '@common/book-render/render-html';
import { imageExtensions, type ImageMime } from '@server/features/images/image-type';
import { portableImages } from '../raster';
import type { ExportContext } from './export-context';
import { xmlEscape, xmlSafe } from '../xml';
import { accessibilityMetadata } from './epub-accessibility';

/**
 * EPUB 3: the mimetype entry first and uncompressed, META-INF/container.xml naming the package document,
 * the package (metadata, manifest, spine), an XHTML navigation document, and one XHTML file per chapter.
 * Math is MathML (files holding it say so in the manifest); pictures are files of their own.
 */
interface ContentFile {
  id: string;
  href: string;
  title: string;
  body: string;
}

function xhtml(title: string, body: string, language: string): string {
  const lang = xmlEscape(language);
  return xmlSafe(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${lang}" xml:lang="${lang}">
<head>
<meta charset="utf-8"/>
<title>${xmlEscape(title)}</title>
<link rel="stylesheet" type="text/css" href="book.css"/>
</head>
<body>
${body}
</body>
</html>
`);
}

/** Which file each anchor lives in, so links from the contents and between chapters reach it. */
function anchorFiles(doc: BookDocument): Map<string, string> {
  const files = new Map<string, string>();
  doc.chapters.forEach((c) => {
    files.set(c.anchor, `${c.anchor}.xhtml`);
    for (const s of c.sections) files.set(s.anchor, `${c.anchor}.xhtml`);
    for (const a of innerAnchors(c)) files.set(a, `${c.anchor}.xhtml`);
  });
  files.set('bibliography', 'bibliography.xhtml');
  files.set('appendix', 'appendix.xhtml');
  for (const a of doc.appendix) files.set(a.anchor, 'appendix.xhtml');
  return files;
}

export async function writeEpub({ doc, images }: ExportContext): Promise<Uint8Array> {
  const portable = await portableImages(images);
  const imagePaths = new Map<string, { path: string; mime: string }>();
  let n = 0;
  for (const [src, asset] of portable) {
    n++;
    imagePaths.set(src, { path: `images/image${n}.${imageExtensions[asset.mime as ImageMime]}`, mime: asset.mime });
  }
  const files = anchorFiles(doc);
  const opts: HtmlOptions = {
    xml: true,
    imageSrc: (src) => imagePaths.get(src)?.path ?? null,
    // A cross-reference's anchor starts with its chapter's: "ch2-fig-2-3".
    hrefFor: (anchor) => `${files.get(anchor) ?? files.get(anchorChapter(anchor)) ?? ''}#${anchor}`,
  };

  const content: ContentFile[] = [{ id: 'title-page', href: 'title.xhtml', title: doc.title, body: renderTitlePageHtml(doc) }];
  const nav = `<nav epub:type="toc" id="toc" role="doc-toc"><h1>Contents</h1>\n${renderTocList(doc, { ...opts, hrefFor: (a) => `${files.get(a)}#${a}` })}\n</nav>
<nav epub:type="landmarks" hidden="hidden"><h2>Guide</h2><ol>
<li><a epub:type="titlepage" href="title.xhtml">Title page</a></li>
<li><a epub:type="toc" href="nav.xhtml">Contents</a></li>
${doc.chapters.length ? `<li><a epub:type="bodymatter" href="${doc.chapters[0].anchor}.xhtml">Start of content</a></li>` : ''}
</ol></nav>`;
  for (const chapter of doc.chapters)
    content.push({ id: chapter.anchor, href: `${chapter.anchor}.xhtml`, title: chapter.title, body: renderChapterHtml(chapter, opts) });
  if (doc.bibliography.length)
    content.push({ id: 'bibliography', href: 'bibliography.xhtml', title: 'Bibliography', body: renderBibliographyHtml(doc, opts) });
  if (doc.appendix.length)
    content.push({ id: 'appendix', href: 'appendix.xhtml', title: 'Appendix: Educational Materials', body: renderAppendixHtml(doc, opts) });

  const zip = new JSZip();
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
  zip.file(
    'META-INF/container.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`,
  );
  const manifest: string[] = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="css" href="book.css" media-type="text/css"/>',
  ];
  const navXhtml = xhtml('Contents', nav, doc.language);
  zip.file('OEBPS/nav.xhtml', navXhtml);
  zip.file('OEBPS/book.css', bookCss);
  for (const file of content) {
    const text = xhtml(file.title, file.body, doc.language);
    zip.file(`OEBPS/${file.href}`, text);
    const properties = text.includes('<math') ? ' properties="mathml"' : '';
    manifest.push(`<item id="${file.id}" href="${file.href}" media-type="application/xhtml+xml"${properties}/>`);
  }
  let i = 0;
  for (const [src, { path, mime }] of imagePaths) {
    zip.file(`OEBPS/${path}`, portable.get(src)!.bytes);
    manifest.push(`<item id="img${++i}" href="${path}" media-type="${mime}"/>`);
  }
  const spine = ['<itemref idref="title-page"/>', '<itemref idref="nav"/>', ...content.slice(1).map((f) => `<itemref idref="${f.id}"/>`)];
  const modified = `${new Date().toISOString().slice(0, 19)}Z`;
  const license = licenseInfo[doc.license];
  const rights = `${rightsStatement(doc.license, doc.authors, doc.date.slice(0, 4))}${license.url ? ` ${license.url}` : ''}`;
  zip.file(
    'OEBPS/content.opf',
    `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${xmlEscape(doc.language)}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:uuid:${randomUUID()}</dc:identifier>
<dc:title>${xmlEscape(doc.title)}</dc:title>
<dc:language>${xmlEscape(doc.language)}</dc:language>
${doc.authors.map((a) => `<dc:creator>${xmlEscape(a)}</dc:creator>`).join('\n')}
<dc:date>${xmlEscape(doc.date)}</dc:date>
<dc:description>${xmlEscape(`${doc.title}, ${displayDate(doc.date)}`)}</dc:description>
<dc:rights>${xmlEscape(rights)}</dc:rights>
<meta property="dcterms:modified">${modified}</meta>
${accessibilityMetadata(doc, [...content.map((f) => f.body), nav].join('\n')).join('\n')}
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine>
${spine.join('\n')}
</spine>
</package>
`,
  );
  return zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
    mimeType: 'application/epub+zip',
  });
}
