import { describe, expect, it } from 'vitest';
import { normalizeContent } from './textbook-content';
import { allowedLinkSchemes, sanitizeHtml, sanitizePlainText } from './sanitize';

const rel = 'target="_blank" rel="noopener noreferrer nofollow"';

/** Every rule of the editor's allowlist, each with real attack strings. */
describe('sanitizeHtml', () => {
  it('drops script elements and their text, keeping the rest', () => {
    expect(sanitizeHtml('<script>alert(1)</script><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeHtml('<p>a<script src="https://evil.example/x.js"></script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeHtml('<SCRIPT>alert(1)</SCRIPT>')).toBe('');
    expect(sanitizeHtml('<textarea><script>alert(1)</script></textarea>')).toBe('');
    expect(sanitizeHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>')).not.toMatch(/onerror|<img/);
  });

  it('drops every event handler attribute', () => {
    expect(sanitizeHtml('<img src="/api/images/5" onerror="alert(1)">')).toBe('<img src="/api/images/5" />');
    expect(sanitizeHtml('<p onclick="steal()">hi</p>')).toBe('<p>hi</p>');
    expect(sanitizeHtml('<a href="https://x.org" onmouseover="alert(1)">a</a>')).toBe(`<a href="https://x.org" ${rel}>a</a>`);
    expect(sanitizeHtml('<h2 OnFocus="x()" tabindex="1" autofocus>t</h2>')).toBe('<h2>t</h2>');
  });

  it('removes javascript: links in any letter case, with entities, whitespace or control characters', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\u0000script:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;&#x61;vascript&colon;alert(1)',
      '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe(`<a ${rel}>x</a>`);
    }
  });

  it('removes data:text/html, vbscript:, file: and protocol-relative links', () => {
    for (const href of [
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'VBScript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/phish',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe(`<a ${rel}>x</a>`);
    }
  });

  it('keeps exactly the spec link schemes (http, https, ftp, ftps, mailto, tel, callto, sms, cid, xmpp)', () => {
    expect(allowedLinkSchemes).toEqual(['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp']);
    const hrefs = [
      'http://a.org',
      'https://a.org/x?y=1',
      'ftp://a.org/f',
      'ftps://a.org/f',
      'mailto:a@b.org',
      'tel:+15550100',
      'callto:alice',
      'sms:+15550100',
      'cid:part1@mail',
      'xmpp:alice@jabber.org',
    ];
    for (const href of hrefs) expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe(`<a href="${href}" ${rel}>x</a>`);
    for (const href of ['gopher://a.org', 'ssh://a.org', 'irc://a.org', 'chrome://settings', 'blob:https://a.org/1', 'ws://a.org']) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe(`<a ${rel}>x</a>`);
    }
  });

  it('forces links to open in a new tab with noopener noreferrer nofollow, whatever they said', () => {
    expect(sanitizeHtml('<a href="https://a.org" target="_self" rel="opener">a</a>')).toBe(`<a href="https://a.org" ${rel}>a</a>`);
    expect(sanitizeHtml('<a href="https://a.org" target="_top">a</a>')).toBe(`<a href="https://a.org" ${rel}>a</a>`);
  });

  it('drops iframes, frames, forms and their controls', () => {
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<iframe srcdoc="<script>alert(1)</script>"></iframe>')).toBe('');
    expect(sanitizeHtml('<frameset><frame src="https://evil.example"></frameset>')).toBe('');
    expect(
      sanitizeHtml(
        '<form action="https://evil.example"><input name="password" type="password"><button formaction="https://evil.example">Log in</button></form>',
      ),
    ).toBe('Log in');
    expect(sanitizeHtml('<select><option>a</option></select>')).toBe('');
  });

  it('drops object, embed, applet, base, meta and link elements', () => {
    expect(sanitizeHtml('<object data="x.swf"><param name="a" value="b"></object><embed src="x.swf">')).toBe('');
    expect(sanitizeHtml('<applet code="X.class"></applet>')).toBe('');
    expect(sanitizeHtml('<base href="https://evil.example/">')).toBe('');
    expect(sanitizeHtml('<meta http-equiv="refresh" content="0;url=javascript:alert(1)">')).toBe('');
    expect(sanitizeHtml('<link rel="stylesheet" href="https://evil.example/x.css">')).toBe('');
  });

  it('drops inline SVG and MathML and SVG images in every form', () => {
    expect(sanitizeHtml('<svg onload="alert(1)"><script>alert(1)</script></svg>')).toBe('');
    expect(sanitizeHtml('<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>')).not.toMatch(/svg|javascript/);
    expect(sanitizeHtml('<math><mtext><img src=x onerror=alert(1)></mtext></math>')).toBe('');
    expect(sanitizeHtml('<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">')).toBe('');
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe('');
    expect(sanitizeHtml('<img src="/api/images/3.svg">')).toBe('');
  });

  it('keeps images only from /api/images/N or raster data URLs', () => {
    expect(sanitizeHtml('<img src="/api/images/42" alt="Diagram" title="Fig 1">')).toBe(
      '<img src="/api/images/42" alt="Diagram" title="Fig 1" />',
    );
    for (const type of ['png', 'jpeg', 'gif', 'webp']) {
      const src = `data:image/${type};base64,iVBORw0KGgo=`;
      expect(sanitizeHtml(`<img src="${src}">`), type).toBe(`<img src="${src}" />`);
    }
    for (const src of [
      'https://evil.example/x.png',
      'http://tracker.example/pixel.gif',
      '/api/images/12abc',
      '/api/images/1/../../user',
      'x',
      'data:text/html;base64,PGI+',
      'javascript:alert(1)',
      '//evil.example/x.png',
    ]) {
      expect(sanitizeHtml(`<img src="${src}">`), src).toBe('');
    }
    expect(sanitizeHtml('<img src="/api/images/1" srcset="https://evil.example/x.png 2x">')).toBe('<img src="/api/images/1" />');
  });

  it('drops style elements and style attributes (no CSS injection)', () => {
    expect(sanitizeHtml('<style>body{display:none}</style><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<div style="position:fixed;inset:0;background:url(javascript:alert(1))">overlay</div>')).toBe(
      '<div>overlay</div>',
    );
    expect(sanitizeHtml('<p style="behavior:url(x.htc)">x</p>')).toBe('<p>x</p>');
  });

  it("drops layout classes that could lay a fake screen over the app, keeping the editor's own", () => {
    expect(sanitizeHtml('<div class="fixed inset-0 z-50 bg-white">Session expired, log in again</div>')).toBe(
      '<div>Session expired, log in again</div>',
    );
    expect(sanitizeHtml('<a href="https://a.org" class="absolute inset-0 text-primary underline">a</a>')).toBe(
      `<a href="https://a.org" class="text-primary underline" ${rel}>a</a>`,
    );
    expect(sanitizeHtml('<pre><code class="language-python">print(1)</code></pre>')).toBe(
      '<pre><code class="language-python">print(1)</code></pre>',
    );
  });

  it("keeps the editor's math nodes with their LaTeX, and only those data-type values", () => {
    expect(sanitizeHtml('<span data-type="inline-math" data-latex="x^2">x</span>')).toBe(
      '<span data-type="inline-math" data-latex="x^2">x</span>',
    );
    expect(sanitizeHtml('<div data-type="block-math" data-latex="\\sum_i x_i"></div>')).toBe(
      '<div data-type="block-math" data-latex="\\sum_i x_i"></div>',
    );
    expect(sanitizeHtml('<span data-type="mention" data-id="1">x</span>')).toBe('<span>x</span>');
  });

  it('keeps the formatting the editor produces', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p><ul><li>a</li></ul><ol start="3"><li>b</li></ol><blockquote><p>q</p></blockquote><hr /><p>x<br />y</p>';
    expect(sanitizeHtml(html)).toBe(html);
  });
});

describe('sanitizePlainText', () => {
  it('strips every tag and script text from titles but keeps ordinary punctuation', () => {
    expect(sanitizePlainText('<b>Forces</b> & <i>motion</i><script>alert(1)</script>')).toBe('Forces & motion');
    expect(sanitizePlainText('a < b > c "quoted" it\'s')).toBe('a < b > c "quoted" it\'s');
    expect(sanitizePlainText('<img src=x onerror=alert(1)>Title')).toBe('Title');
  });
});

describe('normalizeContent', () => {
  it('sanitizes every HTML field and every reference, and refuses non-web reference urls', () => {
    const content = normalizeContent({
      title: '<script>x</script>Book',
      chapters: [
        {
          title: 'C<img src=x onerror=alert(1)>',
          content: '<p onclick="x">c</p>',
          sections: [{ title: 'S', content: '<a href="javascript:alert(1)">s</a>' }],
        },
      ],
      references: [
        { title: '<b>Ref</b>', url: 'javascript:alert(1)', authors: '<script>x</script>A' },
        { title: 'Ok', url: 'https://doi.org/10.1000/1' },
      ],
    });
    expect(content.title).toBe('Book');
    expect(content.chapters[0]).toMatchObject({ title: 'C', content: '<p>c</p>', sections: [{ title: 'S', content: `<a ${rel}>s</a>` }] });
    expect(content.references[0]).toMatchObject({ title: 'Ref', url: '', authors: 'A' });
    expect(content.references[1].url).toBe('https://doi.org/10.1000/1');
  });

  it('gives every chapter and section a unique id, keeping good ones and replacing duplicates and bad ones', () => {
    const content = normalizeContent({
      title: 'B',
      chapters: [
        {
          id: 'c_keep',
          title: 'A',
          sections: [
            { id: 's_keep', title: 'x' },
            { id: 's_keep', title: 'dup' },
          ],
        },
        { id: 'bad id with spaces', title: 'B' },
      ],
    });
    expect(content.chapters[0].id).toBe('c_keep');
    expect(content.chapters[0].sections[0].id).toBe('s_keep');
    expect(content.chapters[0].sections[1].id).toMatch(/^s_[a-f0-9]{16}$/);
    expect(content.chapters[1].id).toMatch(/^c_[a-f0-9]{16}$/);
    expect(content.chapters[1].sections).toEqual([]);
  });

  it('does not trust stored HTML under a different string: a changed section is sanitized again', () => {
    const previous = normalizeContent({ title: 'B', chapters: [{ id: 'c1', title: 'A', content: '<p>clean</p>' }] });
    const next = normalizeContent(
      { title: 'B', chapters: [{ id: 'c1', title: 'A', content: '<p>clean</p><script>x</script>' }] },
      { previous },
    );
    expect(next.chapters[0].content).toBe('<p>clean</p>');
  });
});

describe('normalizeContent: the files a chapter came from', () => {
  const stored = normalizeContent({
    title: 'B',
    chapters: [
      { id: 'c_one', title: 'Vectors', content: '<p>a</p>', sourceFiles: ['vectors.pdf', 'notes.docx'] },
      { id: 'c_two', title: 'Forces', content: '<p>b</p>', sourceFiles: ['forces.pptx'] },
    ],
  });

  it('keeps them when a chapter is renamed, edited and moved', () => {
    const next = normalizeContent(
      {
        title: 'B',
        chapters: [
          { ...stored.chapters[1], content: '<p>b, edited</p>' },
          { ...stored.chapters[0], title: 'Vectors and scalars' },
        ],
      },
      { previous: stored },
    );
    expect(next.chapters.map((c) => c.sourceFiles)).toEqual([['forces.pptx'], ['vectors.pdf', 'notes.docx']]);
  });

  it('keeps the stored ones when a client leaves them out, and gives a chapter the user adds none', () => {
    const next = normalizeContent(
      {
        title: 'B',
        chapters: [
          { id: 'c_one', title: 'Vectors renamed', content: '<p>a</p>' },
          { title: 'My own chapter', content: '<p>typed</p>' },
        ],
      },
      { previous: stored },
    );
    expect(next.chapters[0].sourceFiles).toEqual(['vectors.pdf', 'notes.docx']);
    expect(next.chapters[1]).not.toHaveProperty('sourceFiles');
  });

  it('keeps them in a book saved without a stored state (a restored version)', () => {
    const restored = normalizeContent(JSON.parse(JSON.stringify(stored)));
    expect(restored.chapters[0].sourceFiles).toEqual(['vectors.pdf', 'notes.docx']);
  });
});
