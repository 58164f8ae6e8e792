import { blockParagraph, inlineDollarMath as inlineInText } from '@common/dollar-math';

/** The editor's math elements, typeset or not. */
export const mathSelector = '[data-type="inline-math"], [data-type="block-math"]';

function mathElement(doc: Document, tag: 'span' | 'div', latex: string): HTMLElement {
  const el = doc.createElement(tag);
  el.setAttribute('data-type', tag === 'div' ? 'block-math' : 'inline-math');
  el.setAttribute('data-latex', latex);
  return el;
}

/**
 * Math written between dollar delimiters becomes the editor's math elements (the same rules as the
 * editor: a paragraph of only `$$...$$` is a block, the rest inline), outside code and existing math.
 */
export function convertDollarMath(root: HTMLElement): void {
  const doc = root.ownerDocument;
  for (const p of Array.from(root.querySelectorAll('p'))) {
    const whole = Array.from(p.childNodes).every((n) => n.nodeType === Node.TEXT_NODE) ? blockParagraph.exec(p.textContent ?? '') : null;
    if (whole) p.replaceWith(mathElement(doc, 'div', whole[1].trim()));
  }
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    if (text.data.includes('$') && !text.parentElement?.closest(`code, pre, ${mathSelector}`)) texts.push(text);
  }
  for (const text of texts) {
    const parts: Node[] = [];
    let last = 0;
    for (const m of text.data.matchAll(inlineInText)) {
      const latex = (m[1] ?? m[2] ?? '').trim();
      if (!latex || m.index === undefined) continue;
      parts.push(doc.createTextNode(text.data.slice(last, m.index)), mathElement(doc, 'span', latex));
      last = m.index + m[0].length;
    }
    if (parts.length === 0) continue;
    parts.push(doc.createTextNode(text.data.slice(last)));
    text.replaceWith(...parts);
  }
}
