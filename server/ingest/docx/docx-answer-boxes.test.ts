import { describe, expect, it } from 'vitest';
import { extractDocx } from '../docx-extract';
import { rawDocx, run } from '@server/test/ingest/raw-docx.support';

/** A paragraph with a shading fill (an answer box's line) and runs. */
const shaded = (runs: string, fill = 'F0F2F6') => `<w:p><w:pPr><w:shd w:val="clear" w:color="auto" w:fill="${fill}"/></w:pPr>${runs}</w:p>`;
const plain = (text: string) => `<w:p>${run(text)}</w:p>`;
const bold = (text: string) => `<w:p>${run(text, '<w:b/>')}</w:p>`;

// A German self-reflection worksheet: three parts, each a bold title, a task, and a shaded box to write in whose first
// line is an italic prompt; one box holds a picture anchored in its last line.
const worksheet = () =>
  rawDocx({
    body:
      bold('Arbeitsblatt Selbstreflexion') +
      bold('Erinnern') +
      plain('Gehen Sie in sich und überlegen Sie, welche Lerneinheiten Sie durchlaufen haben.') +
      shaded(run('Notieren Sie Ihre Überlegungen hier ', '<w:i/>')) +
      shaded('') +
      bold('Sammeln') +
      plain('Überlegen Sie systematisch, welches Wissen Sie über OER erlangt haben.') +
      shaded(run('Notieren Sie Ihre Überlegungen hier ', '<w:i/>')) +
      shaded('') +
      shaded('') +
      bold('Ordnen') +
      plain('Formulieren Sie offene Fragen, die Sie gern diskutieren würden.') +
      shaded('') +
      shaded('') +
      // A shaded notice with text of its own, and a shaded bold title bar over an empty line: neither is a box to write in.
      shaded(run('Die Vorlage steht unter einer freien Lizenz und darf geteilt werden.'), 'FFF4CC') +
      shaded(run('Lösungen', '<w:b/>'), 'DDEEFF') +
      shaded('', 'DDEEFF'),
  });

describe('answer boxes of a Word worksheet (shaded lines left for writing)', () => {
  it('are one blank each, with the prompt set in the box, between the parts', async () => {
    const doc = await extractDocx(await worksheet(), 'arbeitsblatt.docx');
    const texts = doc.blocks.map((b) => `${b.kind}: ${b.text}`);
    expect(texts).toEqual([
      expect.stringMatching(/Arbeitsblatt Selbstreflexion$/),
      'heading: Erinnern',
      'paragraph: Gehen Sie in sich und überlegen Sie, welche Lerneinheiten Sie durchlaufen haben.',
      'paragraph: Notieren Sie Ihre Überlegungen hier ____',
      'heading: Sammeln',
      'paragraph: Überlegen Sie systematisch, welches Wissen Sie über OER erlangt haben.',
      'paragraph: Notieren Sie Ihre Überlegungen hier ____',
      'heading: Ordnen',
      'paragraph: Formulieren Sie offene Fragen, die Sie gern diskutieren würden.',
      'paragraph: ____',
      'paragraph: Die Vorlage steht unter einer freien Lizenz und darf geteilt werden.',
      'heading: Lösungen',
    ]);
  });
});
