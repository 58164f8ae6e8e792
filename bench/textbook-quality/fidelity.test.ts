import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  bookListStarts,
  formulaFailures,
  glyphErrors,
  linksKept,
  listStartsDiffering,
  midSentenceEnds,
  openEndKey,
  runningHeadsInBook,
} from './fidelity';
import { listLines, numberedRuns, sourceMarks } from './source-marks';

describe('glyphErrors', () => {
  it('finds "6=" for ≠, "6" for ≤ between variables, U+FFFD, noncharacters and private-use characters', () => {
    expect(glyphErrors('In general AB 6= BA, and x 6=y when the vectors differ.')).toHaveLength(2);
    expect(glyphErrors('We compute P(X 6 x) for every x.')).toHaveLength(1);
    expect(glyphErrors('A broken \uFFFD glyph and a private \uF8E5 one.')).toHaveLength(2);
    expect(glyphErrors('Let v be nonzero, v\u0338 ≠ 0, and X_{n\u0338} ≠ Y_n.')).toHaveLength(2);
    expect(glyphErrors('Let v be nonzero, v ≠ 0, and the relation \u2264\u0338 stays.')).toHaveLength(0);
    expect(glyphErrors('Call find_zero(f, x\uFFFF) with x\uFFFE near it.')).toHaveLength(2);
    expect(glyphErrors('A\u0000cher la \u0001gure, then a tab\tand a line\nend.')).toHaveLength(2);
  });

  it('leaves real numbers and real symbols alone', () => {
    expect(glyphErrors('Section 6 has 6 = 2 × 3 and AB ≠ BA, P(X ≤ x), page 6 of 10, 16=16.')).toEqual([]);
  });
});

describe('formulaFailures', () => {
  it('counts stored formulas KaTeX cannot typeset, inline and display', () => {
    const html =
      '<p>Fine <span data-type="inline-math" data-latex="x^2 + \\frac{a}{b}"></span> and broken ' +
      '<span data-type="inline-math" data-latex="R^{m\\timesn}"></span></p>' +
      '<div data-type="block-math" data-latex="\\begin{aligned} a &amp;= b \\\\ c &amp;= d \\end{aligned}"></div>' +
      '<div data-type="block-math" data-latex="\\frac{1}{"></div>';
    const failures = formulaFailures(html);
    expect(failures).toHaveLength(2);
    expect(failures[0]).toContain('R^{m\\timesn}');
  });
});

describe('midSentenceEnds', () => {
  it('counts prose paragraphs that stop without ending a sentence, lists, tables and short lines aside', () => {
    const html =
      '<p>To find the distribution we need to maximize our entropy, so we</p><p>need to maximize our entropy under the constraints.</p>' +
      '<p>Short title line</p><ul><li><p>a list item that goes on and on without a stop</p></li></ul>' +
      '<p>The answer is the following list of items:</p>';
    const { cut, judged } = midSentenceEnds(html);
    expect(judged).toBe(3);
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatch(/maximize our entropy, so we$/);
  });
});

describe('midSentenceEnds and what the source sets without a stop', () => {
  it('leaves out a lead-in that goes on in a display formula, captions, code and glossary lines, not a cut before a figure', () => {
    const html =
      '<p>By the chain rule the derivative of h is given as</p><div data-type="block-math" data-latex="h = 8x"></div>' +
      '<p>Hence the gradient of the loss function is</p><blockquote><p><strong>Note:</strong> a margin word</p></blockquote>' +
      '<img src="/api/images/3" alt="L = e^2" /><p>(5.3)</p>' +
      '<p>Hence we have complexity</p><img src="/api/images/4" alt="k^2 / 2" /><p><em>Algorithm 6 CRT-RSA signature</em></p>' +
      '<p><em>Figure 2.1: High-level view of a block cipher</em></p><p>Algorithm 2 Long-number addition of two numbers u, v</p>' +
      '<p>Listing A.1 – Code source en R pour l’exemple</p>' +
      '<p>// Second S−Box , first bit of the state</p><p>for i = 0 . . . n − 1 do</p>' +
      '<p>EEPROM Electrically Erasable Programmable Read-Only Memory</p>' +
      '<p>∂<span data-type="inline-math" data-latex="x_{2}"></span> is the second partial derivative of f with respect to x</p>' +
      '<blockquote><p><strong>Dataset</strong></p><p>The 95% confidence interval for the odds ratio in the model is</p></blockquote>' +
      '<div data-type="block-math" data-latex="[2.377, 3.759]"></div>' +
      '<blockquote><p><strong>Dataset</strong></p><p>The 95% confidence interval for the slope in the model is</p>' +
      '<p><span data-type="inline-math" data-latex="\\displaystyle 1.095 \\pm 0.117"></span></p></blockquote>' +
      '<p>The attacker measures the power consumption of the device and</p>' +
      '<img src="/api/images/1" alt="Figure 4.1 Setup of the measurement" /><p><em>Figure 4.1 Setup of the measurement</em></p>';
    const { cut } = midSentenceEnds(html);
    expect(cut).toEqual(['…r measures the power consumption of the device and']);
  });
});

describe('midSentenceEnds and sentences that end in a list or in a formula', () => {
  it('does not count a lead-in whose sentence goes on in the list after it, nor a sentence whose stop is inside its closing formula', () => {
    const html =
      '<p>Ein endlicher Automat ist ein 5-Tupel <span data-type="inline-math" data-latex="A = (Q, \\Sigma, \\delta)"></span> mit</p>' +
      '<ul><li><p>Q: endliche Menge von Zuständen</p></li></ul>' +
      '<p>Ein Automat akzeptiert ein Wort genau dann, wenn <span data-type="inline-math" data-latex="\\delta(q_0, w) \\in F."></span></p>' +
      '<p>Ein Automat liest die Eingabe Zeichen für Zeichen und</p><p>wechselt dabei seinen Zustand.</p>';
    const { cut } = midSentenceEnds(html);
    expect(cut).toEqual(['… Automat liest die Eingabe Zeichen für Zeichen und']);
  });
});

describe('midSentenceEnds and a web address after a sentence', () => {
  it('does not count a whole sentence followed by the address of what it names, and still counts one cut before its link', () => {
    const html =
      '<p>Twillo ist ein Repositorium für offene Bildungsmaterialien der Hochschulen. <a href="http://www.twillo.de/">www.twillo.de</a></p>' +
      '<p>Die Suchmaschine ist noch in der Beta-Phase. <a href="https://discovery.x5gon.org/">discovery.x5gon.org</a></p>' +
      '<p>The portal lists the open materials of the universities at <a href="http://www.twillo.de/">www.twillo.de</a></p>' +
      '<p>Read more about the open materials of the universities <a href="http://www.twillo.de/">on the portal</a></p>';
    expect(midSentenceEnds(html).cut).toEqual([
      '…pen materials of the universities at www.twillo.de',
      '…e open materials of the universities on the portal',
    ]);
  });

  it('does not count titles each followed by its address (a list of resources), and still counts a sentence before one', () => {
    const html =
      '<p>Recommended Android Course on Udemy <a href="https://www.udemy.com/c/">https://www.udemy.com/c/</a> Developer Guide Android By Google <a href="https://developer.android.com/guide">https://developer.android.com/guide</a></p>' +
      '<p>The guide recommended for Android is by Google at <a href="https://developer.android.com/guide">https://developer.android.com/guide</a></p>';
    expect(midSentenceEnds(html).cut).toEqual(['…s by Google at https://developer.android.com/guide']);
  });
});

describe("midSentenceEnds and the source's own open ends", () => {
  it('does not count a paragraph the source ends without a stop, nor a row of figures, and still counts a cut', () => {
    const html =
      '<p>Brian make two large empty graphs, that will be re-used three times</p>' +
      '<p>0 1 2 3 4 5 6 7 8 9 10</p>' +
      '<p>To find the distribution we need to maximize our entropy, so we</p>';
    const open = [openEndKey('Brian make two large empty graphs, that will be re-used three times')];
    expect(midSentenceEnds(html, open).cut).toEqual(['…istribution we need to maximize our entropy, so we']);
    expect(midSentenceEnds(html).cut).toHaveLength(2);
  });
});

describe('midSentenceEnds and a lead-in before a list or a program', () => {
  it('does not count a comma before the list or the listing that goes on with its sentence, and still counts one before prose', () => {
    const html =
      '<p>Les modèles servent à étudier les effets de différentes variables sur d’autres. Par exemple,</p>' +
      '<ol><li><p>la taille selon l’âge</p></li></ol>' +
      '<p>On peut ainsi extraire son nom de famille à l’aide du code R suivant,</p><pre><code>x &lt;- 1</code></pre>' +
      '<p>On peut ainsi extraire son nom de famille à l’aide du code R suivant,</p><p>puis on trace la courbe des résidus.</p>' +
      '<p>The items of the next list are read one after the other and</p><ul><li><p>one item</p></li></ul>' +
      '<p>The listing below is read one line after the other and</p><pre><code>x &lt;- 1</code></pre>';
    // Before a list any lead-in goes on in it; before code only one ending on a comma does.
    expect(midSentenceEnds(html).cut).toEqual([
      '…ire son nom de famille à l’aide du code R suivant,',
      '…listing below is read one line after the other and',
    ]);
  });
});

describe('runningHeadsInBook', () => {
  it('finds a running head pasted inside a paragraph, with any page number', () => {
    const html =
      '<p>because it refers ch. 4 quantified logic to a specific little terrier</p><p>Quantified logic is a chapter title here.</p>';
    expect(runningHeadsInBook(['ch. # quantified logic', 'CHAPTER #. JAN #: DISCRETE AND CONTINUOUS VARIABLES', 'Page #'], html)).toEqual([
      'ch # quantified logic',
    ]);
  });
});

describe('links and lists', () => {
  it('linksKept matches targets once each, scheme, www and a trailing slash aside', () => {
    const html = '<p>See <a href="https://www.r-project.org/">R</a> and <a href="mailto:prof@uni.edu">mail</a>.</p>';
    expect(
      linksKept(['http://r-project.org', 'mailto:prof@uni.edu', 'https://cran.r-project.org/web', 'mailto:prof@uni.edu'], html),
    ).toEqual({
      kept: 2,
      total: 3,
      missing: ['cran.r-project.org/web'],
    });
  });

  it('linksKept counts a target the book carries in its references as kept', () => {
    const html = '<p>See <a href="https://www.r-project.org/">R</a>.</p>';
    const source = ['https://r-project.org', 'http://csrc.nist.gov/fips46-3.pdf'];
    expect(linksKept(source, html).kept).toBe(1);
    expect(linksKept(source, html, ['http://csrc.nist.gov/fips46-3.pdf'])).toEqual({ kept: 2, total: 2, missing: [] });
  });

  it('linksKept takes a DOI through the resolver’s old host and its new one as one target', () => {
    const source = ['http://dx.doi.org/10.5860/ltr.51n3', 'http://dx.doi.org/10.1000/other'];
    expect(linksKept(source, '<p>Text.</p>', ['https://doi.org/10.5860/ltr.51n3'])).toEqual({
      kept: 1,
      total: 2,
      missing: ['doi.org/10.1000/other'],
    });
  });

  it('listStartsDiffering counts source lists not starting at 1 that the book starts elsewhere', () => {
    const html = '<ol><li><p>a</p></li></ol><ol start="5"><li><p>e</p></li></ol><ol><li><p>x</p></li></ol>';
    expect(bookListStarts(html)).toEqual([1, 5, 1]);
    expect(listStartsDiffering([1, 5, 16], html)).toEqual({ differing: 1, total: 2 });
  });

  it('listLines leaves out the scripts between formula items and the footnotes under the text', () => {
    const row = (y: number, size: number, text: string) => ({ y, size, text });
    const page = [
      row(700, 10, 'The gain of the low-pass filter is read in six steps'),
      row(250, 10, '1. H ( w ) ='),
      ...[248, 246, 244, 242, 240, 238].map((y) => row(y, 7, 'w 0')),
      row(228, 10, '˜'),
      row(225, 10, '2. | H ( w ) | ='),
      ...[221, 219, 217, 215, 213, 210, 197].map((y) => row(y, 5, '2')),
      row(190, 10, '3. G ( w ) = 20 log ( | H ( w ) | )'),
      row(175, 10, 'and its phase is read in the same way from the formula'),
      row(146, 9, '9. Couramment l’abréviation d.l. sera utilisée'),
      row(135, 9, '10. Y'),
      row(123, 9, '11. β et β'),
    ];
    const lines = listLines(page, 10, 792);
    expect(numberedRuns(lines, 6)).toEqual([1]);
    // Read from every row, the items are too far apart to be one list, and the footnotes make a list starting at 9.
    expect(
      numberedRuns(
        page.map((r) => r.text),
        6,
      ),
    ).toEqual([9]);
  });

  it('numberedRuns reads lists from numbered lines, a lone numbered line or a far one being no list', () => {
    expect(numberedRuns(['1. one', '2. two', 'text', '16. sixteen', '17. seventeen', '3. Results'], 6)).toEqual([1, 16]);
    expect(numberedRuns(['4. Methods', ...Array(10).fill('prose'), '5. Results'], 6)).toEqual([]);
  });

  it('sourceMarks reads Markdown links and where its ordered lists start', async () => {
    const md = [
      'Read [the guide](https://example.org/guide) and <https://example.org/faq>, or mail <mailto:ta@example.edu>.',
      '',
      '1. First',
      '2. Second',
      '',
      'A paragraph between the two lists.',
      '',
      '3. Third',
      '   still the third item',
      '4. Fourth',
    ].join('\n');
    expect(await sourceMarks('notes.md', new TextEncoder().encode(md))).toEqual({
      links: ['https://example.org/guide', 'https://example.org/faq', 'mailto:ta@example.edu'],
      listStarts: [1, 3],
      openEnds: [],
    });
  });

  it('sourceMarks leaves an address in code unlinked and names the paragraphs the source ends without a stop', async () => {
    const md = [
      'When we type `http://www.unc.edu` into a browser we end up at the site.',
      '',
      'Draw bell curves around the points on the graph',
      '',
      `Networks have shapes.{% marginnote 'n' 'Examples of network topologies<br/><br/><a href="https://example.org/t.svg">Types</a>' %}`,
      '',
      '```',
      'curl https://example.org/api',
      '```',
    ].join('\n');
    const marks = await sourceMarks('notes.md', new TextEncoder().encode(md));
    expect(marks.links).toEqual([]);
    expect(marks.openEnds).toEqual(['around the points on the graph', 'Examples of network topologies'].map(openEndKey));
  });

  it('sourceMarks reads a Word list going on over an empty paragraph as one list, and its open-ended paragraphs', async () => {
    const item = (text: string) =>
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="9"/></w:numPr></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
    const para = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
    const zip = new JSZip();
    zip.file(
      'word/document.xml',
      `<w:document><w:body>${para('Tasks')}${item('First task.')}<w:p/>${item('Second task.')}${para('Draw bell curves around points on graph')}${item('Third task.')}</w:body></w:document>`,
    );
    zip.file(
      'word/numbering.xml',
      '<w:numbering><w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/></w:lvl></w:abstractNum>' +
        '<w:num w:numId="9"><w:abstractNumId w:val="1"/></w:num></w:numbering>',
    );
    const marks = await sourceMarks('notes.docx', await zip.generateAsync({ type: 'uint8array' }));
    expect(marks.listStarts).toEqual([1, 3]);
    expect(marks.openEnds).toEqual([openEndKey('Draw bell curves around points on graph')]);
  });
});

describe('midSentenceEnds and a relation of symbols after a whole sentence', () => {
  it('does not count a paragraph closing on a formula statement set without a stop, and still counts one closing on a word', () => {
    const html =
      '<p>Look at the pressure ratio to determine which way the reaction will travel to reach equilibrium. ∆<span data-type="inline-math" data-latex="_{r}"></span>G &lt; 0 ⟹ A → B</p>' +
      '<p>Look at the pressure ratio to determine which way the reaction will travel. Then ∆G &lt; 0 and</p>' +
      '<p>Look at the pressure ratio to determine which way the reaction will travel to reach A → B</p>';
    expect(midSentenceEnds(html).cut).toEqual([
      '…hich way the reaction will travel. Then ∆G < 0 and',
      '… which way the reaction will travel to reach A → B',
    ]);
  });
});

describe('midSentenceEnds and a lead-in before a table', () => {
  it('does not count a lead-in whose sentence goes on in the table, and still counts a sentence a table was floated into', () => {
    const html =
      '<p>Die Tabelle sollte also folgenden Kopf haben</p>' +
      '<table><tbody><tr><th><p>Tierart</p></th><th><p>Name</p></th></tr></tbody></table>' +
      '<p>Die weiteren Aufgaben sind für die Bonuspunkte.</p>' +
      '<p>The rows of the table below are read one after the other and</p>' +
      '<table><tbody><tr><td><p>1</p></td><td><p>2</p></td></tr></tbody></table>' +
      '<p>compared with the values of the first experiment.</p>';
    expect(midSentenceEnds(html).cut).toEqual(['…f the table below are read one after the other and']);
  });
});
describe('midSentenceEnds and sentences the source closes on an equation', () => {
  it('does not count a step or a result ending on its equation, nor a lead-in going on past a page kept as a picture', () => {
    const html =
      '<p>Étape 1 : Débuter avec le modèle Y = <span data-type="inline-math" data-latex="β_{0}"></span> + ε</p>' +
      '<p>Étape 2 Obtenir le tableau ANOVA pour le modèle complet. Extraire SSE et d.l.(SSE) ⇒ n − 3</p>' +
      '<p>On a que F = 9.249, par contre <span data-type="inline-math" data-latex="F_{0.05}"></span>(1, 12) = 4.75</p>' +
      '<p>On peut ainsi formuler les trois postulats suivants,</p>' +
      '<img src="p24.png" alt="Page 24 as printed: some of its symbols could not be read as text."><p><em>Page 24 as printed: some of its symbols could not be read as text.</em></p>' +
      '<ol><li><p>Le premier postulat.</p></li></ol>' +
      '<p>Alors l’espérance de la variable réponse est multipliée par <span data-type="inline-math" data-latex="e^{\\beta_j}"></span></p>' +
      '<p>On obtient que x = 3 et le modèle y = 2 pour</p>' +
      '<p>la suite du calcul.</p>';
    expect(midSentenceEnds(html).cut).toEqual([
      '…spérance de la variable réponse est multipliée par',
      '…On obtient que x = 3 et le modèle y = 2 pour',
    ]);
  });
});
