import { DOMParser as PmDOMParser, DOMSerializer, type Node as PmNode } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import { createRequire } from 'node:module';
import type { Window } from 'happy-dom';
import { bodySchema, findDollarMath } from '@common/editor-schema';

/**
 * A chapter or section body as HTML <-> as a ProseMirror document of the editor's schema, on the
 * server (no browser): happy-dom parses and prints the HTML, ProseMirror's own DOM parser and
 * serializer (built from the shared schema) do the mapping, exactly as the editor's getHTML does.
 */

let window: Window | undefined;
function dom(): Window {
  if (window) return window;
  // happy-dom (about 30 MB) is loaded on the first body parsed or printed, not at start.
  const { Window: DomWindow } = createRequire(import.meta.url)('happy-dom') as typeof import('happy-dom');
  // Scripts, styles and frames are never loaded: the HTML is only parsed and printed.
  window ??= new DomWindow({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
      disableComputedStyleRendering: true,
    },
  });
  return window;
}

/** Parses a body's HTML with the editor's schema; dollar-delimited math becomes math nodes, as the editor shows it. */
export function parseBody(html: string): PmNode {
  const schema = bodySchema();
  const w = dom();
  const parsed = new w.DOMParser().parseFromString(`<!DOCTYPE html><html><body>${html}</body></html>`, 'text/html');
  // happy-dom's nodes are DOM nodes; ProseMirror's parser only reads the DOM interface.
  let doc = PmDOMParser.fromSchema(schema).parse(parsed.body as unknown as globalThis.Node);
  const math = findDollarMath(doc, schema.nodes);
  if (math.length > 0) {
    const tr = new Transform(doc);
    for (const r of math) tr.replaceWith(r.from, r.to, r.node);
    doc = tr.doc;
  }
  return doc;
}

/** The body's HTML, as the editor's getHTML prints it. */
export function printBody(doc: PmNode): string {
  const schema = bodySchema();
  const w = dom();
  const wrap = w.document.createElement('div');
  DOMSerializer.fromSchema(schema).serializeFragment(
    doc.content,
    { document: w.document as unknown as globalThis.Document },
    wrap as unknown as HTMLElement,
  );
  const html = wrap.innerHTML;
  // An empty body prints as an empty paragraph in the editor; stored, it is empty.
  return html === '<p></p>' ? '' : html;
}
