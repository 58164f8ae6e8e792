import { describe, expect, it } from 'vitest';
import { readWordStyles, styleTable, upChain } from './style-chain';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
/** A styles.xml of the given w:style elements. */
const stylesXml = (...styles: string[]) => `<?xml version="1.0"?><w:styles ${W}>${styles.join('')}</w:styles>`;
const style = (id: string, inner: string, type = 'paragraph') =>
  `<w:style w:type="${type}" w:styleId="${id}"><w:name w:val="${id.toLowerCase()}"/>${inner}</w:style>`;

describe('readWordStyles', () => {
  it('reads each style: its id, type, name, base and the properties the readers ask of it', () => {
    const [s] = readWordStyles(
      stylesXml(
        style(
          'Big',
          '<w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr><w:rPr><w:b/><w:caps w:val="0"/><w:sz w:val="32"/></w:rPr>',
        ),
      ),
    );
    expect(s).toMatchObject({
      id: 'Big',
      type: 'paragraph',
      name: 'big',
      basedOn: 'Normal',
      bold: true,
      caps: false,
      size: 32,
      outlineLevel: 1,
    });
  });

  it('leaves out what a style does not set, so that a walk goes on to the style it is based on', () => {
    const [s] = readWordStyles(stylesXml(style('Plain', '<w:rPr><w:i/></w:rPr>')));
    expect(s.bold).toBeUndefined();
    expect(s.caps).toBeUndefined();
    expect(s.size).toBeUndefined();
    expect(s.outlineLevel).toBeUndefined();
    expect(s.basedOn).toBeUndefined();
  });

  it('reads nothing from no styles part', () => {
    expect(readWordStyles(undefined)).toEqual([]);
  });
});

describe('upChain', () => {
  const table = styleTable(
    readWordStyles(
      stylesXml(
        style('Normal', '<w:rPr><w:sz w:val="22"/></w:rPr>'),
        style('Heading', '<w:basedOn w:val="Normal"/><w:rPr><w:b/><w:sz w:val="28"/></w:rPr>'),
        style('Chapter', '<w:basedOn w:val="Heading"/><w:rPr><w:b w:val="false"/></w:rPr>'),
        style('Loop1', '<w:basedOn w:val="Loop2"/>'),
        style('Loop2', '<w:basedOn w:val="Loop1"/>'),
        style('Orphan', '<w:basedOn w:val="Gone"/>'),
      ),
    ),
  );

  it("answers a style's own value first", () => {
    expect(upChain(table, 'Chapter', (s) => s.bold)).toBe(false);
    expect(upChain(table, 'Heading', (s) => s.size)).toBe(28);
  });

  it('answers a value the style inherits from the styles it is based on', () => {
    expect(upChain(table, 'Chapter', (s) => s.size)).toBe(28);
    expect(upChain(table, 'Heading', (s) => s.caps)).toBeUndefined();
  });

  it('stops on a chain that loops on itself', () => {
    expect(upChain(table, 'Loop1', (s) => s.size)).toBeUndefined();
  });

  it('answers nothing for a missing style or one based on a missing style', () => {
    expect(upChain(table, 'Nowhere', (s) => s.size)).toBeUndefined();
    expect(upChain(table, 'Orphan', (s) => s.size)).toBeUndefined();
    expect(upChain(table, undefined, (s) => s.size)).toBeUndefined();
  });

  it('goes no further up than the steps it is given', () => {
    expect(upChain(table, 'Chapter', (s) => s.size, 1)).toBeUndefined();
    expect(upChain(table, 'Chapter', (s) => s.size, 2)).toBe(28);
  });
});

describe('styleTable', () => {
  it('keeps the styles a filter accepts, the later of two of one id', () => {
    const styles = readWordStyles(
      stylesXml(
        style('A', '<w:rPr><w:sz w:val="20"/></w:rPr>'),
        style('A', '<w:rPr><w:sz w:val="30"/></w:rPr>'),
        style('C', '', 'character'),
      ),
    );
    expect(styleTable(styles).get('A')?.size).toBe(30);
    expect([...styleTable(styles, (s) => s.type === 'paragraph').keys()]).toEqual(['A']);
  });
});
