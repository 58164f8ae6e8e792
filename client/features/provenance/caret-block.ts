import { useEffect, useState } from 'react';

/** The top-level blocks of the editor the Sources panel tells apart (a list counts each item, as the server does). */
const blockSelector = 'li, p, pre, table, blockquote, figure, img, [data-latex]';

/**
 * The text of a block as the server reads the book's HTML: formulas left out (the editor draws them
 * with KaTeX; the stored HTML holds only their LaTeX in an attribute).
 */
export function visibleText(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  for (const math of copy.querySelectorAll('[data-type="inline-math"], [data-type="block-math"]')) math.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Texts compared without their spacing: the editor's text of a table or a nested list joins cells and items without spaces. */
export const sameText = (a: string, b: string) => a.replace(/\s+/g, '') === b.replace(/\s+/g, '');

function blockText(node: Node | null, root: Element): string | null {
  let el: Element | null = node instanceof Element ? node : (node?.parentElement ?? null);
  let found: Element | null = null;
  // The outermost list item or paragraph below the editor root: a paragraph inside a list item is its item.
  while (el && el !== root) {
    if (el.matches(blockSelector)) found = el;
    el = el.parentElement;
  }
  if (!el || !found) return null;
  return visibleText(found);
}

/**
 * The text of the paragraph (list item, table...) under the caret in the book's editor, or the one last
 * clicked; null until there is one. Read from the page's selection, so the editor itself is not changed.
 */
export function useCaretBlockText(enabled: boolean, editorTestId = 'content-editor'): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const update = (node: Node | null) => {
      const root = document.querySelector(`[data-testid="${editorTestId}"]`);
      if (!root || !node || !root.contains(node)) return;
      const next = blockText(node, root);
      if (next) setText(next);
    };
    const onSelection = () => update(document.getSelection()?.anchorNode ?? null);
    const onClick = (event: MouseEvent) => update(event.target as Node);
    document.addEventListener('selectionchange', onSelection);
    document.addEventListener('click', onClick);
    onSelection();
    return () => {
      document.removeEventListener('selectionchange', onSelection);
      document.removeEventListener('click', onClick);
    };
  }, [enabled, editorTestId]);
  return text;
}

/** Scrolls the editor to the block with this text, when the shown part of the book has it. */
export function scrollToBlock(text: string, editorTestId = 'content-editor'): boolean {
  const root = document.querySelector(`[data-testid="${editorTestId}"]`);
  if (!root) return false;
  for (const el of root.querySelectorAll(blockSelector)) {
    if (sameText(visibleText(el), text)) {
      el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      return true;
    }
  }
  return false;
}
