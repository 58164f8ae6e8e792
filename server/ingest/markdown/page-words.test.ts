import { describe, expect, it } from 'vitest';
import { extractMarkdown } from '../markdown-extract';

// Written for these tests (no outside source): a French Quarto page with a labelled table and display, a chunk's figure,
// a callout without a title and a Hugo include; and its German counterpart.
const french = [
  '---',
  'title: "La régression linéaire"',
  '---',
  '',
  '## Le modèle {#sec-modele}',
  '',
  'Nous cherchons une droite qui passe au plus près des points. Le modèle est donné par @eq-droite et les données sont dans @tbl-donnees ; la @fig-nuage montre les points.',
  '',
  '$$ y = a x + b $$ {#eq-droite}',
  '',
  '| x | y |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  ': Les données de la classe {#tbl-donnees}',
  '',
  '```{r}',
  '#| label: fig-nuage',
  '#| fig-cap: "Le nuage de points"',
  'plot(x, y)',
  '```',
  '',
  '::: {.callout-warning}',
  'Il ne faut pas oublier de vérifier les hypothèses du modèle avant de le utiliser dans la suite du cours.',
  ':::',
  '',
  '{{< include file="code/regression.R" >}}',
  '',
  'Comme nous le verrons dans la @sec-modele, la méthode des moindres carrés donne les valeurs de a et de b pour les données.',
].join('\n');

const german = [
  '# Lineare Regression',
  '',
  'Wir suchen eine Gerade, die möglichst nah an den Punkten liegt. Das Modell steht in @eq-gerade und die Daten sind in der Tabelle, die wir in der Vorlesung besprechen.',
  '',
  '$$ y = a x + b $$ {#eq-gerade}',
  '',
  '::: {.callout-tip}',
  'Zeichnen Sie die Punkte zuerst, bevor Sie die Gerade mit der Methode der kleinsten Quadrate berechnen.',
  ':::',
].join('\n');

describe("the words a Markdown reader writes into a page are in the page's language", () => {
  it("reads a French page's references, captions and boxes in French", () => {
    const doc = extractMarkdown(french, 'regression.qmd');
    const text = doc.blocks.map((b) => b.text).join('\n');
    expect(text).toContain('Le modèle est donné par Équation (1) et les données sont dans Tableau 1 ; la Figure 1 montre les points.');
    expect(text).toContain('Tableau 1: Les données de la classe');
    expect(text).toContain('Figure 1 (tracée par le code ci-dessus): Le nuage de points');
    expect(text).toContain('Comme nous le verrons dans la Section “Le modèle”');
    expect(doc.blocks.find((b) => b.kind === 'quote' && b.text.startsWith('Il ne faut pas'))?.label).toBe('Avertissement');
    const missing = doc.blocks.find((b) => b.kind === 'quote' && b.label === 'Fichier non téléversé');
    expect(missing?.text).toBe("La page affiche ici le fichier code/regression.R ; il n'a pas été téléversé avec la page.");
    expect(text).not.toMatch(/\b(?:Table|Equation|drawn by|File not uploaded|Warning)\b/);
  });

  it("reads a German page's in German", () => {
    const doc = extractMarkdown(german, 'regression.md');
    const text = doc.blocks.map((b) => b.text).join('\n');
    expect(text).toContain('Das Modell steht in Gleichung (1)');
    expect(doc.blocks.find((b) => b.kind === 'quote')?.label).toBe('Tipp');
  });
});
