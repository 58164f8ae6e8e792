/**
 * The words a Markdown reader writes into a page of its own (a cross-reference's "Figure 2", a chunk's figure "drawn by
 * the code above", a box naming a file not uploaded, a callout's title when it has none) in the page's language, so a
 * French or German page does not read English between its sentences. English for a language not detected here.
 */
import type { DetectedLanguage } from '@common/languages';

export interface PageWords {
  figure: string;
  table: string;
  equation: string;
  section: string;
  /** After "Figure 2": the chunk above draws it. */
  drawnByCode: string;
  /** After "Table 2": the chunk above makes it. */
  madeByCode: string;
  fileNotUploaded: string;
  /** The sentence in the box where a page includes a file not uploaded; `{file}` stands for the file's name. */
  fileShownHere: string;
  note: string;
  tip: string;
  warning: string;
  caution: string;
  important: string;
}

const words: Record<DetectedLanguage, PageWords> = {
  en: {
    figure: 'Figure',
    table: 'Table',
    equation: 'Equation',
    section: 'Section',
    drawnByCode: 'drawn by the code above',
    madeByCode: 'made by the code above',
    fileNotUploaded: 'File not uploaded',
    fileShownHere: 'The page shows the file {file} here; it was not uploaded with the page.',
    note: 'Note',
    tip: 'Tip',
    warning: 'Warning',
    caution: 'Caution',
    important: 'Important',
  },
  de: {
    figure: 'Abbildung',
    table: 'Tabelle',
    equation: 'Gleichung',
    section: 'Abschnitt',
    drawnByCode: 'vom Code oben gezeichnet',
    madeByCode: 'vom Code oben erstellt',
    fileNotUploaded: 'Datei nicht hochgeladen',
    fileShownHere: 'Die Seite zeigt hier die Datei {file}; sie wurde nicht mit der Seite hochgeladen.',
    note: 'Hinweis',
    tip: 'Tipp',
    warning: 'Warnung',
    caution: 'Vorsicht',
    important: 'Wichtig',
  },
  fr: {
    figure: 'Figure',
    table: 'Tableau',
    equation: 'Équation',
    section: 'Section',
    drawnByCode: 'tracée par le code ci-dessus',
    madeByCode: 'produit par le code ci-dessus',
    fileNotUploaded: 'Fichier non téléversé',
    fileShownHere: "La page affiche ici le fichier {file} ; il n'a pas été téléversé avec la page.",
    note: 'Note',
    tip: 'Astuce',
    warning: 'Avertissement',
    caution: 'Attention',
    important: 'Important',
  },
  es: {
    figure: 'Figura',
    table: 'Tabla',
    equation: 'Ecuación',
    section: 'Sección',
    drawnByCode: 'dibujada por el código anterior',
    madeByCode: 'generada por el código anterior',
    fileNotUploaded: 'Archivo no subido',
    fileShownHere: 'La página muestra aquí el archivo {file}; no se subió con la página.',
    note: 'Nota',
    tip: 'Consejo',
    warning: 'Advertencia',
    caution: 'Precaución',
    important: 'Importante',
  },
  it: {
    figure: 'Figura',
    table: 'Tabella',
    equation: 'Equazione',
    section: 'Sezione',
    drawnByCode: 'disegnata dal codice sopra',
    madeByCode: 'generata dal codice sopra',
    fileNotUploaded: 'File non caricato',
    fileShownHere: 'La pagina mostra qui il file {file}; non è stato caricato con la pagina.',
    note: 'Nota',
    tip: 'Suggerimento',
    warning: 'Avvertenza',
    caution: 'Attenzione',
    important: 'Importante',
  },
  nl: {
    figure: 'Figuur',
    table: 'Tabel',
    equation: 'Vergelijking',
    section: 'Sectie',
    drawnByCode: 'getekend door de code hierboven',
    madeByCode: 'gemaakt door de code hierboven',
    fileNotUploaded: 'Bestand niet geüpload',
    fileShownHere: 'De pagina toont hier het bestand {file}; het is niet met de pagina geüpload.',
    note: 'Opmerking',
    tip: 'Tip',
    warning: 'Waarschuwing',
    caution: 'Let op',
    important: 'Belangrijk',
  },
  pt: {
    figure: 'Figura',
    table: 'Tabela',
    equation: 'Equação',
    section: 'Seção',
    drawnByCode: 'desenhada pelo código acima',
    madeByCode: 'gerada pelo código acima',
    fileNotUploaded: 'Arquivo não enviado',
    fileShownHere: 'A página mostra aqui o arquivo {file}; ele não foi enviado com a página.',
    note: 'Nota',
    tip: 'Dica',
    warning: 'Aviso',
    caution: 'Cuidado',
    important: 'Importante',
  },
};

/** The page's words in `language` (a BCP 47 tag, or undefined: English). */
export function pageWords(language: string | undefined): PageWords {
  const lang = language?.split('-')[0].toLowerCase();
  return lang && lang in words ? words[lang as DetectedLanguage] : words.en;
}

/** A callout kind's title ("warning" -> "Avertissement" on a French page); an unknown kind its own name, capitalised. */
export function calloutTitle(kind: string, language: string | undefined): string {
  const w = pageWords(language);
  const known = { note: w.note, tip: w.tip, warning: w.warning, caution: w.caution, important: w.important } as Record<string, string>;
  return known[kind.toLowerCase()] ?? kind.charAt(0).toUpperCase() + kind.slice(1);
}
