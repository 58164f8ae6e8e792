import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { detectLanguage, introductionTitle, speakerNotesLabel, wordFor, writesApparatusIn } from './language';
import { extractKeyphrases } from './keyphrases';
import { splitSentences } from './sentences';

const read = (name: string) => readFileSync(fixturePath(`text/${name}`), 'utf8');
/** The fixture's paragraphs of prose (headings aside). */
const prose = (text: string) =>
  text
    .split(/\n\s*\n/)
    .filter((p) => !p.startsWith('#'))
    .join('\n\n');

describe('detectLanguage', () => {
  it('tells German, French and English notes apart', () => {
    expect(detectLanguage(read('waermelehre-notizen.md'))).toBe('de');
    expect(detectLanguage(read('optique-notes.md'))).toBe('fr');
    expect(detectLanguage(read('linear-algebra-notes.md'))).toBe('en');
  });

  it('tells Spanish, Italian, Dutch and Portuguese from a few sentences', () => {
    expect(
      detectLanguage(
        'La célula es la unidad básica de la vida. Todos los seres vivos están formados por una o más células, y cada una de ellas nace de otra.',
      ),
    ).toBe('es');
    expect(
      detectLanguage(
        "La cellula è l'unità fondamentale della vita. Tutti gli esseri viventi sono fatti di una o più cellule, e ogni cellula nasce da un'altra.",
      ),
    ).toBe('it');
    expect(
      detectLanguage(
        'De cel is de kleinste eenheid van het leven. Alle levende wezens bestaan uit een of meer cellen, en elke cel komt voort uit een andere.',
      ),
    ).toBe('nl');
    expect(
      detectLanguage(
        'A célula é a unidade básica da vida. Todos os seres vivos são formados por uma ou mais células, e cada célula nasce de outra.',
      ),
    ).toBe('pt');
  });

  it('reads mathematics notes by their prose: LaTeX formulas neither vote nor dilute', () => {
    const statement =
      'Seien $\\mathcal{A}, \\mathcal{B}$ Mengen und $f: \\mathcal{A} \\to \\mathcal{B}$ mit $f(\\mathcal{A}_1\\cup\\mathcal{A}_2)=f(\\mathcal{A}_1)\\cup f(\\mathcal{A}_2)$, dann ist $\\mathcal{B}$ das Bild von $\\mathcal{A}$ unter der Abbildung.';
    const notes = Array.from({ length: 12 }, () => statement).join('\n\n');
    expect(detectLanguage(notes)).toBe('de');
    expect(detectLanguage(notes.replace(/Seien|Mengen|und|mit|dann|ist|das|Bild|von|unter|der|Abbildung/g, ''))).toBeUndefined();
  });

  it('says nothing about a text too short or made of code', () => {
    expect(detectLanguage('Matrix multiplication')).toBeUndefined();
    expect(detectLanguage('for (let i = 0; i < n; i++) { total += values[i] * weights[i]; }\nreturn total / n;')).toBeUndefined();
  });

  it('the apparatus is written only for English (or an unknown language, as before)', () => {
    expect(writesApparatusIn('en')).toBe(true);
    expect(writesApparatusIn('en-GB')).toBe(true);
    expect(writesApparatusIn(undefined)).toBe(true);
    expect(writesApparatusIn('de')).toBe(false);
  });
});

describe('sentences in German and French', () => {
  const german = prose(read('waermelehre-notizen.md'));
  const french = prose(read('optique-notes.md'));

  for (const [name, split] of [
    ['fastSentences', fastSentences],
    ['splitSentences', splitSentences],
  ] as const) {
    it(`${name}: abbreviations do not end a sentence, German and French quotes do`, () => {
      const de = split(german);
      expect(de).toContain(
        'Man unterscheidet drei Arten der Wärmeübertragung, z. B. die Wärmeleitung in einem Metallstab, die Konvektion in einer Flüssigkeit und die Wärmestrahlung der Sonne.',
      );
      expect(de).toContain('Nr. 3 der Übungsaufgaben behandelt genau diesen Fall.');
      expect(de.find((s) => s.startsWith('Für Wasser beträgt sie ca. 4,19 kJ'))).toBeDefined();
      expect(de).toContain('Die Antwort folgt aus der Tabelle der Wärmekapazitäten, vgl. Abschnitt 2.');
      const fr = split(french);
      expect(fr.find((s) => s.startsWith("L'indice de l'eau vaut env. 1,33"))).toBeDefined();
      expect(fr).toContain('M. Dupont a mesuré les angles dans le laboratoire de physique.');
      expect(fr.find((s) => s.startsWith('Ses mesures confirment la loi de Snell-Descartes, p. ex. pour'))).toBeDefined();
      expect(fr).toContain('La réponse tient en une phrase.');
      // Diacritics and punctuation come through as written.
      expect(fr.join(' ')).toContain('« Pourquoi voit-on son image dans un miroir plan ? »');
      expect(de.join(' ')).toContain('„Warum erwärmt sich der Sand am Strand schneller als das Wasser?“');
    });
  }

  it('fastSentences still ends an English sentence after a variable', () => {
    expect(fastSentences('The loop runs over x. Then it stops.')).toEqual(['The loop runs over x.', 'Then it stops.']);
  });
});

describe('key phrases in German and French', () => {
  it("are the notes' terms, never their articles and prepositions", () => {
    const de = extractKeyphrases([read('waermelehre-notizen.md')], { limit: 10 }).map((k) => k.phrase);
    expect(de).toContain('spezifische Wärmekapazität');
    const fr = extractKeyphrases([read('optique-notes.md')], { limit: 10 }).map((k) => k.phrase);
    expect(fr).toContain('réfraction');
    const functionWords = new Set(['der', 'die', 'und', 'ist', 'für', 'um', 'ein', 'la', 'le', 'les', 'de', 'dans', 'un', 'est']);
    for (const phrase of [...de, ...fr])
      for (const w of phrase.toLowerCase().split(/\s+/)) expect(functionWords.has(w), phrase).toBe(false);
  });
});

describe("a book's words in its language", () => {
  const table = { en: 'E', de: 'D', fr: 'F', es: 'S', it: 'I', nl: 'N', pt: 'P' };

  it("looks a word up by the tag's language, whatever its region or case, English for any other", () => {
    expect(wordFor(table, 'de')).toBe('D');
    expect(wordFor(table, 'pt-BR')).toBe('P');
    expect(wordFor(table, 'FR-ca')).toBe('F');
    expect(wordFor(table, 'ja')).toBe('E');
    expect(wordFor(table, undefined)).toBe('E');
  });

  it("gives the introduction's title and the speaker notes' label by the same lookup", () => {
    for (const tag of ['de-AT', 'NL', 'pt-PT', 'sv', undefined]) {
      const known = tag && ['de', 'nl', 'pt'].includes(tag.slice(0, 2).toLowerCase());
      expect(introductionTitle(tag) === 'Introduction').toBe(!known);
      expect(speakerNotesLabel(tag) === 'Speaker notes').toBe(!known);
    }
    expect(speakerNotesLabel('de-AT')).toBe('Notizen des Vortragenden');
    expect(introductionTitle('nl-BE')).toBe('Inleiding');
  });
});
