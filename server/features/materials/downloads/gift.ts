import type { DownloadItem } from './download-items';

/**
 * Text as GIFT reads it: the format's control characters (~ = # { } :) and the backslash itself escaped with a
 * backslash, line breaks written as \n (a blank line would end the question), characters XML forbids dropped
 * (Moodle stores the text in XML backups).
 */
export function giftEscape(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[\\~=#{}:]/g, (c) => `\\${c}`)
    .replace(/\r?\n/g, '\\n')
    .replace(/\s+$/, '');
}

function answerBlock(item: DownloadItem): string {
  const general = item.feedback ? `####${giftEscape(item.feedback)}` : '';
  switch (item.profile) {
    case 'cc.multiple_choice.v0p1':
      return `{\n${(item.options ?? []).map((o) => `\t${o === item.answer ? '=' : '~'}${giftEscape(o)}`).join('\n')}\n${general ? `\t${general}\n` : ''}}`;
    case 'cc.true_false.v0p1':
      if (item.answer === 'True' || item.answer === 'False') return `{${item.answer === 'True' ? 'TRUE' : 'FALSE'}${general}}`;
      return `{${general}}`;
    case 'cc.fib.v0p1':
      return `{=${giftEscape(item.answer ?? '')}${general}}`;
    default:
      // An essay: empty braces; the model answer and rubric go in the general feedback.
      return `{${general}}`;
  }
}

/**
 * GIFT, Moodle's plain-text question format: a $CATEGORY line, then one question per paragraph, each with a
 * name (::Question n::), plain-text prompt ([plain]) and an answer block: = the right choice, ~ the others,
 * TRUE/FALSE, =answer for a short answer, {} for an essay, and #### the general feedback.
 */
export function writeGift(title: string, items: readonly DownloadItem[]): string {
  const questions = items.map((item, i) => `::Question ${i + 1}::[plain]${giftEscape(item.prompt)} ${answerBlock(item)}`);
  return `// ${title.replace(/\s+/g, ' ')}\n$CATEGORY: $course$/top/${title.replace(/[\s/]+/g, ' ').trim()}\n\n${questions.join('\n\n')}\n`;
}
