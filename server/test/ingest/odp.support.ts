import JSZip from 'jszip';

/**
 * A small Impress deck written for the tests (OpenDocument content.xml by hand, packed with
 * JSZip, the mimetype entry first and stored as the format asks): a title page, a topic with a
 * nested list, a link and notes, a table, and a "Questions?" page.
 */
const ns =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"';

const frame = (klass: string, y: number, inner: string) =>
  `<draw:frame presentation:class="${klass}" svg:x="2cm" svg:y="${y}cm" svg:width="24cm" svg:height="3cm"><draw:text-box>${inner}</draw:text-box></draw:frame>`;

export async function buildOdp(): Promise<Uint8Array> {
  const pages = [
    frame('title', 5, '<text:p>Membranes</text:p>') + frame('subtitle', 9, '<text:p>Biology 101, Week 4</text:p>'),
    frame('title', 1, '<text:p>The lipid bilayer</text:p>') +
      frame(
        'outline',
        5,
        '<text:list><text:list-item><text:p>Two layers of lipids</text:p><text:list><text:list-item><text:p>Heads face the <text:a xlink:href="https://example.org/water">water</text:a></text:p></text:list-item></text:list></text:list-item><text:list-item><text:p>Tails<text:s/>face each other</text:p></text:list-item></text:list>',
      ) +
      '<presentation:notes><draw:page-thumbnail presentation:class="page"/>' +
      frame('notes', 12, '<text:p>Draw the bilayer on the board first.</text:p>') +
      '</presentation:notes>',
    frame('title', 1, '<text:p>Transport</text:p>') +
      '<draw:frame svg:x="2cm" svg:y="5cm" svg:width="20cm" svg:height="4cm"><table:table><table:table-row><table:table-cell><text:p>Kind</text:p></table:table-cell><table:table-cell><text:p>Needs energy</text:p></table:table-cell></table:table-row><table:table-row><table:table-cell><text:p>Diffusion</text:p></table:table-cell><table:table-cell><text:p>No</text:p></table:table-cell></table:table-row></table:table></draw:frame>',
    frame('title', 5, '<text:p>Questions?</text:p>'),
  ];
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ns}><office:body><office:presentation>${pages
    .map((p, i) => `<draw:page draw:name="page${i + 1}">${p}</draw:page>`)
    .join('')}</office:presentation></office:body></office:document-content>`;
  const zip = new JSZip();
  zip.file('mimetype', 'application/vnd.oasis.opendocument.presentation', { compression: 'STORE' });
  zip.file('content.xml', content);
  zip.file(
    'META-INF/manifest.xml',
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>',
  );
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
