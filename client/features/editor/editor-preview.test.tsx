import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorPreview } from './editor-preview';

/** An IntersectionObserver the test drives: it says which observed elements are on screen. */
class TestObserver {
  static all: TestObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    TestObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
  }
  show(el: Element) {
    if (!this.observed.has(el)) return;
    this.callback([{ target: el, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

const body =
  '<p>Respiration sums up as</p><p>$$C_6H_{12}O_6 + 6O_2 \\to 6CO_2 + 6H_2O$$</p>' +
  '<p>The free energy released is $\\Delta G = -2870\\,\\mathrm{kJ/mol}$.</p>';

afterEach(() => {
  vi.unstubAllGlobals();
  TestObserver.all = [];
});

describe('EditorPreview', () => {
  it('typesets a formula once it comes near the screen, and leaves the others as they are until then', async () => {
    vi.stubGlobal('IntersectionObserver', TestObserver);
    render(<EditorPreview html={body} toolbar />);
    const preview = screen.getByTestId('content-preview');
    const [block, inline] = Array.from(preview.querySelectorAll<HTMLElement>('[data-type="block-math"], [data-type="inline-math"]'));
    // The dollar source is never shown: both are math elements at once, still empty.
    expect(block.dataset.latex).toContain('C_6H_{12}O_6');
    expect(inline.dataset.latex).toContain('\\Delta G');
    expect(preview.textContent).not.toContain('$');
    const [observer] = TestObserver.all;
    observer.show(block);
    await waitFor(() => expect(block.querySelector('.katex')).not.toBeNull());
    expect(inline.querySelector('.katex')).toBeNull();
    expect(inline.dataset.rendered).toBeUndefined();
    observer.show(inline);
    await waitFor(() => expect(inline.querySelector('.katex')).not.toBeNull());
  });

  it('typesets every formula where the browser cannot tell what is on screen', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<EditorPreview html={body} toolbar={false} />);
    const preview = screen.getByTestId('content-preview');
    await waitFor(() => expect(preview.querySelectorAll('.katex')).toHaveLength(2));
  });

  it('reads whitespace as the editor does: a run is one space, and between blocks there is none', () => {
    render(<EditorPreview html={'<p>Light\n   energy</p>\n<ul>\n  <li><p>ATP</p></li>\n</ul>\n<pre>a\n  b</pre>'} toolbar />);
    const body = screen.getByTestId('content-preview').lastElementChild as HTMLElement;
    expect(Array.from(body.childNodes).map((n) => n.nodeName)).toEqual(['P', 'UL', 'PRE']);
    expect(body.querySelector('p')?.textContent).toBe('Light energy');
    expect(Array.from(body.querySelector('ul')!.childNodes).map((n) => n.nodeName)).toEqual(['LI']);
    // A code block keeps its lines.
    expect(body.querySelector('pre')?.textContent).toBe('a\n  b');
  });
});
