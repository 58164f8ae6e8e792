import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { child, isOn, ownRuns, paragraphStyle, runText, setParagraphStyle, textOf, textRun, W, type El } from './word-dom';

/** The first w:p of a body holding the given XML. */
const paragraph = (xml: string): El =>
  (
    new DOMParser().parseFromString(`<w:body xmlns:w="${W}">${xml}</w:body>`, 'text/xml') as unknown as {
      documentElement: El;
    }
  ).documentElement.getElementsByTagName('w:p')[0];
const serialize = (el: El) => new XMLSerializer().serializeToString(el as never).replace(/ xmlns:w="[^"]*"/g, '');

describe('word-dom', () => {
  it('reads the text of all runs as written', () => {
    expect(textOf(paragraph('<w:p><w:r><w:t>Intro</w:t></w:r><w:r><w:t xml:space="preserve">duction  </w:t></w:r></w:p>'))).toBe(
      'Introduction  ',
    );
  });

  it("reads a paragraph's own style, not one of a paragraph inside it", () => {
    expect(paragraphStyle(paragraph('<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr></w:p>'))).toBe('Heading1');
    const boxed = '<w:p><w:r><w:txbxContent><w:p><w:pPr><w:pStyle w:val="Inner"/></w:pPr></w:p></w:txbxContent></w:r></w:p>';
    expect(paragraphStyle(paragraph(boxed))).toBe('');
  });

  it('sets a style in place of the one a paragraph had, and makes its properties when it has none', () => {
    const styled = paragraph('<w:p><w:pPr><w:pStyle w:val="Old"/><w:jc w:val="center"/></w:pPr><w:r><w:t>x</w:t></w:r></w:p>');
    setParagraphStyle(styled, 'New');
    expect(serialize(styled)).toBe('<w:p><w:pPr><w:pStyle w:val="New"/><w:jc w:val="center"/></w:pPr><w:r><w:t>x</w:t></w:r></w:p>');
    const bare = paragraph('<w:p><w:r><w:t>x</w:t></w:r></w:p>');
    setParagraphStyle(bare, 'New');
    expect(serialize(bare)).toBe('<w:p><w:pPr><w:pStyle w:val="New"/></w:pPr><w:r><w:t>x</w:t></w:r></w:p>');
    expect(paragraphStyle(bare)).toBe('New');
  });

  it("reads a paragraph's own runs and a run's own text, not those of a text box drawn in it", () => {
    const box = '<w:r><w:drawing><w:txbxContent><w:p><w:r><w:t>Boxed</w:t></w:r></w:p></w:txbxContent></w:drawing></w:r>';
    const p = paragraph(`<w:p><w:r><w:t>Own</w:t></w:r><w:hyperlink><w:r><w:t>linked</w:t></w:r></w:hyperlink>${box}</w:p>`);
    expect(ownRuns(p).map(runText)).toEqual(['Own', 'linked', '']);
    expect(textOf(p)).toBe('OwnlinkedBoxed');
  });

  it('makes a run of text that keeps its spaces', () => {
    const p = paragraph('<w:p/>');
    p.appendChild(textRun(p.ownerDocument, ' a b '));
    expect(serialize(p)).toBe('<w:p><w:r><w:t xml:space="preserve"> a b </w:t></w:r></w:p>');
  });

  it("reads a toggle as on unless its value is one of Word's words for off", () => {
    const rPr = (xml: string) => child(child(paragraph(`<w:p><w:r><w:rPr>${xml}</w:rPr></w:r></w:p>`), 'w:r'), 'w:rPr');
    expect(isOn(child(rPr('<w:b/>'), 'w:b'))).toBe(true);
    expect(isOn(child(rPr('<w:b w:val="1"/>'), 'w:b'))).toBe(true);
    expect(isOn(child(rPr('<w:b w:val="false"/>'), 'w:b'))).toBe(false);
    expect(isOn(child(rPr('<w:b w:val="off"/>'), 'w:b'))).toBe(false);
    expect(isOn(child(rPr(''), 'w:b'))).toBe(false);
  });
});
