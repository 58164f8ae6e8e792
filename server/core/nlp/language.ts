import { detectedLanguages, isDetectedLanguage, type DetectedLanguage } from '@common/languages';

/**
 * The language of a text from its function words: each language's most frequent short words
 * (articles, pronouns, prepositions, auxiliaries) make up a third or more of any running prose in
 * it, and few of them are shared between the languages listed here. The language whose words
 * cover the most tokens wins, when they cover enough of the text and clearly more than the next.
 * Code, formulas and tables have few of them: they neither vote nor mislead.
 */
const functionWords: Record<DetectedLanguage, string> = {
  en: 'the of and to in is that for it as was with be by on not this are or from at which an but have has had were they their its can we you will would there been if more when also into than these other',
  de: 'der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als auch es an werden aus er hat dass sie nach wird bei einer um am sind noch wie einem über einen so zum war haben nur oder aber vor zur bis mehr durch man sein wurde sei kann diese',
  fr: 'le la les de des et en un une du est que qui dans pour pas par sur au plus ne se ce il sont avec ou son sa aux mais comme ses elle été leur nous vous on cette être fait peut entre deux',
  es: 'el la los las de del y en un una que es por con para se no su al lo como más pero sus le ya fue este ha sí porque esta son entre cuando muy sin sobre también',
  it: 'il lo la gli le di del della dei delle e è un una che per con non si da nel nella al alla sono come più anche ma questo questa ha gli suo sua loro essere tra',
  nl: 'de het een van en in is dat op te zijn voor met die niet aan er om ook als dan maar bij of uit nog wordt naar deze door wel worden kan hun geen heeft',
  pt: 'o a os as de do da dos das e em um uma que é para com não se por mais no na nos nas ao como mas foi ele ela seu sua ou ser quando muito há também pelo pela são',
};

const lexicons = detectedLanguages.map((tag) => ({ tag, words: new Set(functionWords[tag].split(' ')) }));

/** Fewer function words than this and the text says too little to tell. */
const minEvidence = 8;
/** The winner's function words cover at least this share of the words read... */
const minCoverage = 0.12;
/** ...and at least this many times the runner-up's. */
const minLead = 1.5;
/** Reading this many words is plenty for any language; a whole book is not read. */
const sampleWords = 20_000;

/** Math written in LaTeX ("$\\mathcal{A}\\subset \\mathcal{B}$", "\\(x\\)") and TeX commands are no words of any language: they neither vote nor dilute. */
function proseOf(text: string): string {
  return text.replace(/\$\$[\s\S]*?\$\$|\$[^$\n]*\$|\\\([\s\S]*?\\\)|\\\[[\s\S]*?\\\]/g, ' ').replace(/\\[a-zA-Z]+/g, ' ');
}

/** The text's language as a BCP 47 tag (one of common/languages.ts), or undefined when it cannot tell. */
export function detectLanguage(text: string): string | undefined {
  const counts = new Map<string, number>(lexicons.map((l) => [l.tag, 0]));
  let words = 0;
  let evidence = 0;
  for (const m of proseOf(text).matchAll(/\p{L}+/gu)) {
    if (++words > sampleWords) break;
    const w = m[0].toLowerCase();
    let hit = false;
    for (const l of lexicons)
      if (l.words.has(w)) {
        counts.set(l.tag, (counts.get(l.tag) ?? 0) + 1);
        hit = true;
      }
    if (hit) evidence++;
  }
  if (evidence < minEvidence) return undefined;
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const [best, next] = ranked;
  if (best[1] / Math.min(words, sampleWords) < minCoverage) return undefined;
  if (next && best[1] < next[1] * minLead) return undefined;
  return best[0];
}

/** More short words of each language that name no topic, beside its function words: for key phrases. */
const moreStopwords: Partial<Record<DetectedLanguage, string>> = {
  de: 'eines einem einer keine kein keinen wie was wir ihr ihre ihren ihrem dieser dieses diesem wenn weil dann also sehr viel viele alle jede jeder jedes man ob da hier dort immer etwa ca bzw usw vgl zb',
  fr: 'à d l qu s n c j y leurs ces ceux celle celui dont où donc car très lorsque quand alors tout tous toute toutes ainsi aussi même sans sous chez ni si',
  es: 'un unos unas les me te nos donde cada todo todos toda todas otro otra otros así aunque',
  it: 'i un uno gli dal dalla dai nei nelle sul sulla cui dove ogni tutto tutti tutta tutte altro altra così quando',
  nl: 'dit die wat wie waar zo al alle elk elke ook nog maar toen omdat dus',
  pt: 'um uns umas os às pelos pelas onde cada todo todos toda todas outro outra assim embora',
};

/** Words of a language that never make a key phrase on their own: its function words and more; empty for English (the NLP model knows those). */
export function stopwordsFor(tag: string | undefined): Set<string> {
  const lang = tag?.split('-')[0].toLowerCase();
  if (!lang || lang === 'en' || !isDetectedLanguage(lang)) return new Set();
  return new Set(`${functionWords[lang]} ${moreStopwords[lang] ?? ''}`.split(/\s+/).filter(Boolean));
}

/** The language the offline engine's apparatus (objectives, summaries, review questions) is written in. */
export const apparatusLanguage = 'en';

/** True when text in `language` may carry the English apparatus (an undetected language is taken to be English, as before). */
export function writesApparatusIn(language: string | undefined): boolean {
  return !language || language.split('-')[0].toLowerCase() === apparatusLanguage;
}

/** A language's name in English, for messages. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** "Introduction" in each detected language: the title the book gives a document's opening text that has no heading of its own. */
const introductionTitles: Record<DetectedLanguage, string> = {
  en: 'Introduction',
  de: 'Einleitung',
  fr: 'Introduction',
  es: 'Introducción',
  it: 'Introduzione',
  nl: 'Inleiding',
  pt: 'Introdução',
};

/**
 * A table's word for a book in `tag` ("de", "pt-BR", "FR"): by the tag's language, English when the language is not one
 * detected here (the apparatus's language).
 */
export function wordFor(table: Record<DetectedLanguage, string>, tag: string | undefined): string {
  const lang = tag?.split('-')[0].toLowerCase();
  return lang && isDetectedLanguage(lang) ? table[lang] : table.en;
}

/** The word for an introduction in a book in `tag` (English when the language is not one detected here). */
export function introductionTitle(tag: string | undefined): string {
  return wordFor(introductionTitles, tag);
}

/** The label over a slide's speaker notes in a book in `tag` (English when the language is not one detected here). */
const speakerNotesLabels: Record<DetectedLanguage, string> = {
  en: 'Speaker notes',
  de: 'Notizen des Vortragenden',
  fr: 'Notes du présentateur',
  es: 'Notas del orador',
  it: 'Note del relatore',
  nl: 'Notities van de spreker',
  pt: 'Notas do apresentador',
};

/** The word after a title that repeats an earlier one apart from it ("BLAST, continued") in a book in `tag`. */
const continuedWords: Record<DetectedLanguage, string> = {
  en: 'continued',
  de: 'Fortsetzung',
  fr: 'suite',
  es: 'continuación',
  it: 'continuazione',
  nl: 'vervolg',
  pt: 'continuação',
};

export function continuedWord(tag: string | undefined): string {
  return wordFor(continuedWords, tag);
}

export function speakerNotesLabel(tag: string | undefined): string {
  return wordFor(speakerNotesLabels, tag);
}
