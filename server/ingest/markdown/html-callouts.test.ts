import { describe, expect, it } from 'vitest';
import { extractMarkdown } from '../markdown-extract';

// A German self-study page written as Markdown with raw HTML for a docsify site: notice boxes drawn by <div> classes,
// each opening with an icon and a bold title line.
const page = `# Schritt 2: OER finden

<div class="infobox">
  <p><i class="fa fa-info-circle"></i>  <b>Info!</b>
    <br><br>
    Im zweiten Schritt lernen Sie die wichtigsten Portale für offene Bildungsmaterialien kennen.
    <br><br>
    <b>Workload: 45 Minuten</b>
  </p>
</div>

Für das Auffinden von OER können zwei Hinweise gegeben werden.

<div class="warningbox">
  <p><i class="fa fa-exclamation-triangle"></i> <b>Wichtig!</b> Prüfen Sie in jedem Fall die Lizenz des Materials.</p>
</div>

<div class="admonition note">
Eine Box ohne eigenen Titel.
</div>

<div class="panel">Ein Absatz in einem gewöhnlichen Kasten.</div>
`;

describe('notice boxes drawn by raw HTML', () => {
  it('are titled callouts, the title from their own title line or their kind', () => {
    const doc = extractMarkdown(page, 'step2.md');
    const quotes = doc.blocks.filter((b) => b.kind === 'quote').map((b) => [b.label, b.text]);
    expect(quotes).toEqual([
      ['Info', 'Im zweiten Schritt lernen Sie die wichtigsten Portale für offene Bildungsmaterialien kennen.'],
      [undefined, 'Workload: 45 Minuten'],
      ['Wichtig', 'Prüfen Sie in jedem Fall die Lizenz des Materials.'],
      ['Note', 'Eine Box ohne eigenen Titel.'],
    ]);
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
    expect(paragraphs).toEqual([
      'Für das Auffinden von OER können zwei Hinweise gegeben werden.',
      'Ein Absatz in einem gewöhnlichen Kasten.',
    ]);
  });
});
