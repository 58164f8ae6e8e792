/**
 * A Word package written part by part, for the tests that need XML the docx library does not write: a style without a
 * name, a text box (w:txbxContent) inside a body paragraph, a long chain of based-on styles.
 */
import JSZip from 'jszip';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const bodyNamespaces = [
  `xmlns:w="${W}"`,
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"',
  'xmlns:v="urn:schemas-microsoft-com:vml"',
  'mc:Ignorable="wps"',
].join(' ');

const relationships = (...rels: string[]) =>
  `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`;
const officeDocument = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A .docx of the given body XML (paragraphs, tables) and w:style elements. */
export async function wordPackage(body: string, styles: string): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
  );
  zip.file('_rels/.rels', relationships(`<Relationship Id="rId1" Type="${officeDocument}/officeDocument" Target="word/document.xml"/>`));
  zip.file('word/_rels/document.xml.rels', relationships(`<Relationship Id="rId1" Type="${officeDocument}/styles" Target="styles.xml"/>`));
  zip.file('word/document.xml', `<?xml version="1.0"?><w:document ${bodyNamespaces}><w:body>${body}</w:body></w:document>`);
  zip.file('word/styles.xml', `<?xml version="1.0"?><w:styles xmlns:w="${W}">${styles}</w:styles>`);
  return new Uint8Array(await zip.generateAsync({ type: 'nodebuffer' }));
}

/** A paragraph of one run: in a paragraph style, its run set in a size (half points), centred. */
export function wordParagraph(text: string, options: { style?: string; size?: number; centred?: boolean } = {}): string {
  const props = `${options.style ? `<w:pStyle w:val="${options.style}"/>` : ''}${options.centred ? '<w:jc w:val="center"/>' : ''}`;
  const run = `<w:r>${options.size ? `<w:rPr><w:sz w:val="${options.size}"/></w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
  return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${run}</w:p>`;
}

/** A paragraph style: its name (none when undefined), the style it is based on, its run properties. */
export function wordStyle(id: string, name: string | undefined, options: { basedOn?: string; runProps?: string } = {}): string {
  return (
    `<w:style w:type="paragraph" w:styleId="${id}">${name === undefined ? '' : `<w:name w:val="${name}"/>`}` +
    `${options.basedOn ? `<w:basedOn w:val="${options.basedOn}"/>` : ''}${options.runProps ? `<w:rPr>${options.runProps}</w:rPr>` : ''}</w:style>`
  );
}

/**
 * A run holding a text box of the given paragraphs, as Word writes one: a DrawingML shape, with a VML w:pict of the
 * same text box as the fallback older readers take.
 */
export function textBoxRun(paragraphs: string): string {
  const shape =
    '<w:drawing><wp:anchor><wp:extent cx="914400" cy="914400"/><a:graphic>' +
    '<a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">' +
    `<wps:wsp><wps:txbx><w:txbxContent>${paragraphs}</w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing>`;
  const vml = `<w:pict><v:shape><v:textbox><w:txbxContent>${paragraphs}</w:txbxContent></v:textbox></v:shape></w:pict>`;
  return `<w:r><mc:AlternateContent><mc:Choice Requires="wps">${shape}</mc:Choice><mc:Fallback>${vml}</mc:Fallback></mc:AlternateContent></w:r>`;
}
