import { renderBookHtml } from '@common/book-render/render-html';
import { toDataUrl } from '../image-assets';
import type { ExportContext } from './export-context';

/** One self-contained page: styles inline, pictures as data URLs, math as MathML; nothing is fetched when it opens. */
export function writeHtmlFile({ doc, images }: ExportContext): Uint8Array {
  const html = renderBookHtml(doc, {
    imageSrc: (src) => {
      const asset = images.get(src);
      return asset ? toDataUrl(asset) : null;
    },
  });
  return Buffer.from(html, 'utf8');
}
