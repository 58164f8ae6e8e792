import { describe, expect, it } from 'vitest';
import { extractMarkdown } from '../markdown-extract';

// A German self-study page for a docsify site: portals listed in an accordion (a button over the panel it opens), each
// panel with a figure whose picture lies beside the page; a <details> disclosure; then a section of its own.
const page = `# Fundorte und Suchstrategien

Im Folgenden sind einige Plattformen aufgeführt.

<div>
  <button class="accordion">twillo</button>
  <div class="panel">
    <p>
      Twillo ist ein OER-Repositorium für den Hochschulkontext.
      <a href="http://www.twillo.de/">www.twillo.de</a>
      <figure>
        <a href="images/twillo_suche.svg"><img src="images/twillo_suche.svg" alt="Abbildung: Screenshot der twillo Suchumgebung"/></a>
        <figcaption>Abbildung: Screenshot der twillo Suchumgebung</figcaption>
      </figure>
    </p>
  </div>
  <button class="accordion">Suchmaschinen</button>
  <div class="panel">
    <h4>Google</h4><br>Geben Sie Ihren Suchbegriff ein und starten Sie die Suche.
  </div>
</div>

<div>
  <button class="accordion">Videoportale</button>
  <div class="panel"><p>Im AV-Portal finden Sie wissenschaftliche Filme.</p></div>
</div>

<details>
<summary>Weitere Hinweise</summary>
<p>Prüfen Sie die Lizenz jedes Materials.</p>
</details>

<h2>Korrekte Verwendung von OER</h2>

<div><button class="accordion">TULLU-Regel</button><div class="panel"><p>Titel, Urheber, Lizenz, Link, Ursprungsort.</p></div></div>

<button type="submit">Absenden</button>
`;

describe('disclosures and figures in raw HTML', () => {
  it("an accordion's buttons and a <summary> head the panels they open, one level below their section", () => {
    const doc = extractMarkdown(page, 'step2.md');
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.level, b.text]);
    expect(headings).toEqual([
      [1, 'Fundorte und Suchstrategien'],
      [2, 'twillo'],
      [2, 'Suchmaschinen'],
      [4, 'Google'],
      [2, 'Videoportale'],
      [2, 'Weitere Hinweise'],
      [2, 'Korrekte Verwendung von OER'],
      [3, 'TULLU-Regel'],
    ]);
    // A button that opens nothing (a form's) is no heading.
    expect(doc.blocks.find((b) => b.text === 'Absenden')?.kind).toBe('paragraph');
  });

  it("a figure's caption whose picture was not uploaded is a caption, not a paragraph of the text", () => {
    const doc = extractMarkdown(page, 'step2.md');
    const caption = doc.blocks.filter((b) => b.text === 'Abbildung: Screenshot der twillo Suchumgebung');
    expect(caption.map((b) => b.kind)).toEqual(['caption']);
    expect(doc.warnings?.join('\n')).toMatch(/a picture the page shows from files beside it was not uploaded.*images\/twillo_suche\.svg/);
  });

  it("a Pandoc figure (a picture alone in its paragraph) keeps its description as the caption; a file's name is none", () => {
    const doc = extractMarkdown(
      '# Dataset\n\n![Histological image of invasive ductal carcinoma with $K = 5$.](./images/carcinoma.jpg){#fig-ductal}\n\n![arbre2](img/arbre2.png)\n\nThe text goes on.\n',
      'chapter.qmd',
    );
    expect(doc.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Dataset'],
      // Labelled (`#fig-`), it is numbered as Quarto numbers it (markdown/quarto-crossrefs.ts).
      ['caption', 'Figure 1: Histological image of invasive ductal carcinoma with \\(K = 5\\).'],
      ['paragraph', 'The text goes on.'],
    ]);
  });
});
