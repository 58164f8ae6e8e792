/**
 * The title of a document that gives itself none (no Title paragraph, no heading standing over the others): the name its
 * owner gave the file, in words ("bee4750_syllabus.docx": "BEE 4750 Syllabus"). A word of the name that the text spells
 * otherwise (a course code "bee4750" the text writes "BEE 4750") takes the text's spelling; other words are capitalised.
 * Word's own metadata title is not used: templates carry it over from other documents.
 */
export function titleFromFilename(filename: string, text: string): string | undefined {
  const stem = filename
    .replace(/^.*[\\/]/, '')
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[_\-.+]+/g, ' ')
    .trim();
  if (!/\p{L}/u.test(stem)) return undefined;
  const words = stem.split(/\s+/).map((word) => {
    // A word of letters and digits ("bee4750", "cs101"): the text's own spelling of it, with or without a space.
    const code = /^(\p{L}+)(\d+)$/u.exec(word);
    if (code) {
      const found = new RegExp(`(?<![\\p{L}\\d])(${code[1]})[ \\u00a0]?(${code[2]})(?!\\d)`, 'iu').exec(text);
      if (found) return `${found[1]}${found[0].length > found[1].length + found[2].length ? ' ' : ''}${found[2]}`;
    }
    return word === word.toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word;
  });
  return words.join(' ');
}
