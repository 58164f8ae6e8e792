import { describe, expect, it } from 'vitest';
import { extractDocx } from '../docx-extract';
import { para, rawDocx, run } from '@server/test/ingest/raw-docx.support';

const before = 'The seedlings were measured every morning over';
const after = 'three weeks in a warm greenhouse.';

const paragraphs = async (body: string) =>
  (await extractDocx(await rawDocx({ body }), 'notes.docx')).blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);

describe('DOCX breaks and simple fields inside a paragraph', () => {
  it('reads a page break, a column break or a carriage return inside a sentence as the space between its words', async () => {
    for (const mark of ['<w:br w:type="page"/>', '<w:br w:type="column"/>', '<w:cr/>']) {
      expect(await paragraphs(para(run(before) + `<w:r>${mark}</w:r>` + run(after)))).toEqual([`${before} ${after}`]);
    }
  });

  it('reads tab-set rows as a table when a page break ends one of them', async () => {
    const row = (a: string, b: string, extra = '') => para(run(a) + '<w:r><w:tab/></w:r>' + run(b) + extra);
    const body =
      row('Week 1', 'Introduction to sampling') +
      row('Week 2', 'Linear regression', '<w:r><w:br w:type="page"/></w:r>') +
      row('Week 3', 'Mixed models');
    const doc = await extractDocx(await rawDocx({ body }), 'schedule.docx');
    expect(doc.blocks.filter((b) => b.kind === 'table')).toHaveLength(1);
  });

  it('keeps a page break between two paragraphs out of both, and each paragraph whole', async () => {
    const body =
      para(run('The first paragraph ends here.') + '<w:r><w:br w:type="page"/></w:r>') + para(run('The second one starts a page.'));
    expect(await paragraphs(body)).toEqual(['The first paragraph ends here.', 'The second one starts a page.']);
  });

  it('keeps the text of a simple field (a caption number, a cross-reference) and the link of a simple HYPERLINK field', async () => {
    const data = await rawDocx({
      body:
        para(
          run('Figure ') +
            '<w:fldSimple w:instr=" SEQ Figure \\* ARABIC "><w:r><w:t>3</w:t></w:r></w:fldSimple>' +
            run(': Growth by week.'),
        ) +
        para(
          run('As Figure ') +
            '<w:fldSimple w:instr=" REF _Ref1 \\h "><w:r><w:t>3</w:t></w:r></w:fldSimple>' +
            run(' shows, see the ') +
            '<w:fldSimple w:instr=" HYPERLINK &quot;https://example.org/data&quot; "><w:r><w:t>data set</w:t></w:r></w:fldSimple>' +
            run(' for the numbers.'),
        ),
    });
    const doc = await extractDocx(data, 'fields.docx');
    expect(doc.text).toContain('Figure 3: Growth by week.');
    const sentence = doc.blocks.find((b) => b.text.startsWith('As Figure'));
    expect(sentence?.text).toBe('As Figure 3 shows, see the data set for the numbers.');
    expect(sentence?.links).toEqual([expect.objectContaining({ text: 'data set', href: 'https://example.org/data' })]);
  });
});

describe('simple fields inside one another', () => {
  it('keeps the text of a field whose result holds another field, and of one whose instruction has a ">"', async () => {
    const inner = '<w:fldSimple w:instr=" SEQ Table "><w:r><w:t>2</w:t></w:r></w:fldSimple>';
    const body =
      para(
        run('See Table ') +
          `<w:fldSimple w:instr=" REF _Ref2 "><w:r><w:t xml:space="preserve">Table </w:t></w:r>${inner}</w:fldSimple>` +
          run(' for the counts.'),
      ) +
      para(
        run('The answer is ') +
          '<w:fldSimple w:instr=" IF 2 > 1 &quot;yes&quot; &quot;no&quot; "><w:r><w:t>yes</w:t></w:r></w:fldSimple>' +
          run(' today.'),
      );
    expect(await paragraphs(body)).toEqual(['See Table Table 2 for the counts.', 'The answer is yes today.']);
  });
});
