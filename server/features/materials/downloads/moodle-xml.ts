import { xmlEscape } from '@server/features/export/xml';
import type { DownloadItem } from './download-items';

const text = (value: string) => `<text>${xmlEscape(value)}</text>`;
const plain = (tag: string, value: string) => `<${tag} format="plain_text">${text(value)}</${tag}>`;

function answer(fraction: number, value: string): string {
  return `<answer fraction="${fraction}" format="plain_text">${text(value)}<feedback format="plain_text"><text></text></feedback></answer>`;
}

function questionXml(item: DownloadItem, n: number): string {
  const common = `<name>${text(`Question ${n}`)}</name>${plain('questiontext', item.prompt)}${plain('generalfeedback', item.feedback ?? '')}<defaultgrade>${item.points}</defaultgrade><penalty>0</penalty><hidden>0</hidden>`;
  switch (item.profile) {
    case 'cc.multiple_choice.v0p1':
      return `<question type="multichoice">${common}<single>true</single><shuffleanswers>true</shuffleanswers><answernumbering>ABCD</answernumbering>${(
        item.options ?? []
      )
        .map((o) => answer(o === item.answer ? 100 : 0, o))
        .join('')}</question>`;
    case 'cc.true_false.v0p1':
      // An item without a key is marked by hand rather than given one.
      if (item.answer !== 'True' && item.answer !== 'False') return essayXml(common);
      return `<question type="truefalse">${common}${answer(item.answer === 'True' ? 100 : 0, 'true')}${answer(item.answer === 'False' ? 100 : 0, 'false')}</question>`;
    case 'cc.fib.v0p1':
      return `<question type="shortanswer">${common}<usecase>0</usecase>${answer(100, item.answer ?? '')}</question>`;
    default:
      return essayXml(common, item.feedback);
  }
}

function essayXml(common: string, graderInfo?: string): string {
  return `<question type="essay">${common}<responseformat>editor</responseformat><responserequired>1</responserequired><responsefieldlines>10</responsefieldlines><attachments>0</attachments>${plain('graderinfo', graderInfo ?? '')}${plain('responsetemplate', '')}</question>`;
}

/**
 * Moodle XML (what Moodle's question bank imports): a category named for the material, then one question per
 * item: multichoice (single answer, the key at 100%), truefalse, shortanswer (case-insensitive), or essay with
 * the model answer and rubric as information for the grader. All text is plain text, escaped for XML.
 */
export function writeMoodleXml(title: string, items: readonly DownloadItem[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
<question type="category"><category>${text(`$course$/top/${title.replace(/\//g, '-')}`)}</category><info format="plain_text"><text></text></info></question>
${items.map((item, i) => questionXml(item, i + 1)).join('\n')}
</quiz>
`;
}
