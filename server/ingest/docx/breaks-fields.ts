/**
 * What mammoth drops from a paragraph's text, rewritten into what it reads, on document.xml before it is parsed:
 * - a page or column break and a carriage return (w:cr) inside a paragraph: its HTML has nothing there and the words on
 *   either side ran together ("over" + "three" read "overthree"). A break becomes the space between them (a page break
 *   at a paragraph's end is only trailing space), a carriage return a line break (a new line in a script).
 * - a simple field (w:fldSimple: a caption's SEQ number, a REF cross-reference, a HYPERLINK): mammoth ignores the element
 *   and its result with it ("Figure 3:" read "Figure :"); as the complex field Word also writes (begin, instruction,
 *   separate, result, end) its result is kept, and a HYPERLINK field's result is a link.
 */
export function breaksAndSimpleFields(xml: string): string {
  if (!/w:type="(?:page|column)"|<w:cr\b|<w:fldSimple\b/.test(xml)) return xml;
  let out = xml
    .replace(/<w:br\b[^>]*?\sw:type="(?:page|column)"[^>]*?\/>/g, '<w:t xml:space="preserve"> </w:t>')
    .replace(/<w:cr\s*\/>/g, '<w:br/>');
  // Innermost fields first (a field's result holding another field), an attribute's quoted ">" included.
  const simple = /<w:fldSimple\b((?:[^>"]|"[^"]*")*?)(?:\/>|>((?:(?!<w:fldSimple\b)[\s\S])*?)<\/w:fldSimple>)/g;
  for (let pass = 0; pass < 4 && out.includes('<w:fldSimple'); pass++)
    out = out.replace(simple, (_m, attrs: string, result = '') => {
      const instruction = /\bw:instr="([^"]*)"/.exec(attrs)?.[1] ?? '';
      return (
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
        `<w:r><w:instrText xml:space="preserve">${instruction}</w:instrText></w:r>` +
        `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${result}<w:r><w:fldChar w:fldCharType="end"/></w:r>`
      );
    });
  return out;
}
