/**
 * Whether a line of a PDF reads as a line of a program (the start of a code listing) or as a sentence, in one rule with
 * the line's type as an input. In any type, a statement is code: an assignment, index or call ending in ";" ("s[0] =
 * s[2];", "return −1;"), a lone brace, a comment line, or a declaration or loop head ("const uint8 t sbox [ 16 ] = {",
 * "for (uint8 t i = 0 ; i < 64; i ++)"). Typewriter type says most of it already: there a statement's punctuation, a
 * call, an assignment or a comment will do. Never code: words of a sentence ("• for each predicate that we care to
 * consider (apart from ‘=’),"; names in typewriter type inside a sentence, "(3d-morph, bitops-bitwise-"), and web
 * addresses (a footnote's \url; "//www.ti.com/..." is the rest of an address broken after its "http:", no comment), nor
 * a line opened by a list's bullet, whatever it ends with ("• \(X_{t}\) is the lake phosphorous (P) concentration at time
 * t;" is a short item of a list ending in ";", not a statement).
 */
export function readsAsCode(text: string, mono: boolean): boolean {
  if (isProse(text) || listBullet.test(text)) return false;
  const bare = text.replace(/(?:https?:\/\/|www\.|^\s*\/\/(?=[\w-]+\.[\w-]+))\S*/gi, ' ');
  return isStatement(bare) || (mono && codePunctuation.test(bare));
}

/** A list's bullet glyph opening a line (not "-" or "*", which open lines of programs too). */
const listBullet = /^\s*[•◦▪‣∙■□►]\s/u;

/** What a typewriter line of a program carries: a statement's punctuation, a call, an assignment or a comment. */
const codePunctuation = /[;{}=<>[\]_#]|\w\(|^\s*\/\/|:$/;

function isStatement(text: string): boolean {
  const t = text.trim();
  if (/^[{}]\s*;?$|^\}\s*(?:else\b.*)?$/.test(t) || /^\/\/\s*\S/.test(t) || /^#\s*(?:include|define|if|endif)\b/.test(t)) return true;
  const words = (t.replace(/\/\/.*$/, '').match(/\p{L}{3,}/gu) ?? []).length;
  if (words >= 6) return false;
  if (/;\s*(?:\/\/.*)?$/.test(t) && /[=[(]|\breturn\b/.test(t)) return true;
  return /^(?:const|static|unsigned|signed|uint\w*|int\w*|void|char|struct|for|while|if|switch)\b.*(?:[{;)]|=\s*\{)\s*(?:\/\/.*)?$/.test(t);
}

/**
 * Words of a sentence, not of a program: six words or more besides comments, quoted symbols and a program's string
 * literals (straight quotes after "=", "(", "[", ",", "{", "%" or "return": `t = ['spam', 'egg', ...]`, `print("Words in the book ...")`),
 * and names joined by dots or underscores at a bracket, and no statement; never a line opened by an interpreter's prompt (">>> ")
 * or assigning a call or an indexing to a name.
 */
export function isProse(text: string): boolean {
  if (/^\s*>>>(?:\s|$)/.test(text)) return false;
  const bare = text
    .replace(/(?:\/\/|#).*$/, '')
    .replace(/‘[^’]*’|“[^”]*”/g, '')
    .replace(/((?:[=([,{%]|\breturn)\s*)(['"])(?:\\.|(?!\2)[^\\])*\2/g, '$1')
    // A string a long program line wraps inside (`title="Réponse temporelle de` / `z(t)", legend=false)`) runs to its end.
    .replace(/((?:[=([,{%]|\breturn)\s*)(['"])(?:\\.|(?!\2)[^\\])*$/, '$1')
    // A program's names joined by dots or underscores at a bracket ("(Card.rank_names[self.rank]") are no words of a
    // sentence (a file name or an address's tail without one may be).
    .replace(/[\p{L}\d]+(?:[._][\p{L}\d]+)+(?=[[(])|(?<=[[(])[\p{L}\d]+(?:[._][\p{L}\d]+)+/gu, ' ');
  if (/<-|:=|==|!=|\+=|;\s*$|\{\s*$|^\s*[}\]]/.test(bare)) return false;
  // An assignment of a call or an indexing, its line number perhaps before it ("t4 = LinRange(0, duration4, …)").
  if (/^\s*(?:\d+\s+)?[\p{L}_][\p{L}\d_.]*\s*=\s*[\p{L}\d_.]*[([]/u.test(text)) return false;
  return (bare.match(/\p{L}{2,}/gu) ?? []).length >= 6;
}
