import { describe, expect, it } from 'vitest';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { extractDocx } from '../docx-extract';
import { para, rawDocx, run } from '@server/test/ingest/raw-docx.support';

describe('DOCX table cells of several paragraphs', () => {
  it('keeps a cell’s label and its explanation as lines of their own, in the table and in the book', async () => {
    const cell = (...paragraphs: string[]) => `<w:tc>${paragraphs.map((p) => para(run(p))).join('')}</w:tc>`;
    const data = await rawDocx({
      body:
        para(run('Work through the worksheet below, one row at a time, before the seminar.')) +
        `<w:tbl><w:tr>${cell('1.1')}${cell('Claims', 'A fact, observation, or prediction', 'E.g., a newspaper headline')}</w:tr>` +
        `<w:tr>${cell('1.2')}${cell('Mental model', 'Representation of a system and its causes.')}</w:tr></w:tbl>`,
    });
    const doc = await extractDocx(data, 'worksheet.docx');
    const table = doc.blocks.find((b) => b.kind === 'table');
    expect(table?.rows).toEqual([
      ['1.1', 'Claims\nA fact, observation, or prediction\nE.g., a newspaper headline'],
      ['1.2', 'Mental model\nRepresentation of a system and its causes.'],
    ]);
    // The plain text reads each row on a line of its own.
    expect(table?.text).toBe(
      '1.1 | Claims A fact, observation, or prediction E.g., a newspaper headline\n1.2 | Mental model Representation of a system and its causes.',
    );
    const html = renderBlocks(doc.blocks);
    expect(html).toContain('<td><p>Claims</p><p>A fact, observation, or prediction</p><p>E.g., a newspaper headline</p></td>');
    expect(html).toContain('<td><p>Mental model</p><p>Representation of a system and its causes.</p></td>');
  });
});
