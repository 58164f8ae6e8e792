import JSZip from 'jszip';

// A Word file written here from its XML parts (no outside file), for what the docx package cannot
// write: numbering overrides, field codes (HYPERLINK, TOC), a table-of-contents content control.

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>
</Types>`;

const packageRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`;

const ns =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

const styles = (extra: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles ${ns}>
<w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="22"/></w:rPr></w:rPrDefault></w:docDefaults>${extra}
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
<w:style w:type="paragraph" w:styleId="TOC1"><w:name w:val="toc 1"/></w:style>
<w:style w:type="paragraph" w:styleId="TOC2"><w:name w:val="toc 2"/></w:style>
<w:style w:type="paragraph" w:styleId="TOCHeading"><w:name w:val="TOC Heading"/></w:style>
<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/></w:style>
</w:styles>`;

export interface RawDocx {
  /** The body's paragraphs and tables (w:p, w:tbl, w:sdt), as XML. */
  body: string;
  /** w:abstractNum and w:num elements. */
  numbering?: string;
  /** External link targets by relationship id. */
  links?: Record<string, string>;
  /** More w:style elements. */
  styles?: string;
}

/** A run of text. */
export const run = (text: string, props = '') =>
  `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</w:t></w:r>`;

/** A paragraph of runs, with a style and a list number (numId, level) when given. */
export function para(runs: string, options: { style?: string; num?: [number, number] } = {}): string {
  const props =
    (options.style ? `<w:pStyle w:val="${options.style}"/>` : '') +
    (options.num ? `<w:numPr><w:ilvl w:val="${options.num[1]}"/><w:numId w:val="${options.num[0]}"/></w:numPr>` : '');
  return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${runs}</w:p>`;
}

/** A decimal (or other format) list definition with a first number per level. */
export function abstractNum(id: number, levels: Array<{ start?: number; format?: string }>): string {
  return `<w:abstractNum w:abstractNumId="${id}">${levels
    .map(
      (l, i) =>
        `<w:lvl w:ilvl="${i}"><w:start w:val="${l.start ?? 1}"/><w:numFmt w:val="${l.format ?? 'decimal'}"/><w:lvlText w:val="%${i + 1}."/></w:lvl>`,
    )
    .join('')}</w:abstractNum>`;
}

/** A list instance of an abstract list, with start overrides per level. */
export function num(id: number, abstractId: number, overrides: Record<number, number> = {}): string {
  return `<w:num w:numId="${id}"><w:abstractNumId w:val="${abstractId}"/>${Object.entries(overrides)
    .map(([lvl, start]) => `<w:lvlOverride w:ilvl="${lvl}"><w:startOverride w:val="${start}"/></w:lvlOverride>`)
    .join('')}</w:num>`;
}

export async function rawDocx({ body, numbering = '', links = {}, styles: extraStyles = '' }: RawDocx): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', contentTypes);
  zip.file('_rels/.rels', packageRels);
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${ns}><w:body>${body}</w:body></w:document>`,
  );
  zip.file('word/styles.xml', styles(extraStyles));
  zip.file('word/numbering.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering ${ns}>${numbering}</w:numbering>`);
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
<Relationship Id="rIdNumbering" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>
${Object.entries(links)
  .map(
    ([id, target]) =>
      `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${target.replace(/&/g, '&amp;')}" TargetMode="External"/>`,
  )
  .join('')}
</Relationships>`,
  );
  return new Uint8Array(await zip.generateAsync({ type: 'uint8array' }));
}
