import { titleKey } from './merge-units';

/**
 * Titles told apart where one repeats an earlier one that is not next to it (a deck's slides of one title with other
 * slides between; those side by side are merged before): the later ones read "<title>, continued", then "<title>,
 * continued (2)" (the word in the book's language), so the contents never list two entries of one name and the material keeps its order.
 */
/**
 * A generic label a lecture gives many of its parts ("Example", "Beispiel", "Exercice", "Proof", "Summary"): each one is
 * a new example or exercise, never the continuation of the last one of that name, so it keeps its title as the source
 * has it.
 */
const genericLabel = new RegExp(
  '^(?:' +
    [
      // English
      'examples?',
      'exercises?',
      'problems?',
      'tasks?',
      'activity',
      'activities',
      'practice',
      'demo',
      'demonstration',
      'proof',
      'remarks?',
      'notes?',
      'definition',
      'theorem',
      'lemma',
      'corollary',
      'summary',
      'recap',
      'review',
      'quiz',
      'questions?',
      'answers?',
      'solutions?',
      'hints?',
      'discussion',
      'try it',
      'your turn',
      'check your understanding',
      // German
      'beispiele?',
      'übung(?:en)?',
      'aufgaben?',
      'lösung(?:en)?',
      'beweis',
      'bemerkung(?:en)?',
      'satz',
      'zusammenfassung',
      'fragen?',
      'hinweise?',
      'anmerkung(?:en)?',
      'diskussion',
      // French
      'exemples?',
      'exercices?',
      'preuve',
      'démonstration',
      'remarques?',
      'définition',
      'théorème',
      'résumé',
      // Spanish, Italian, Dutch, Portuguese
      'ejemplos?',
      'ejercicios?',
      'solución',
      'soluciones',
      'prueba',
      'demostración',
      'observación',
      'definición',
      'teorema',
      'resumen',
      'preguntas?',
      'esempio',
      'esempi',
      'esercizio',
      'esercizi',
      'soluzioni?',
      'dimostrazione',
      'osservazione',
      'definizione',
      'riassunto',
      'domand[ae]',
      'voorbeeld(?:en)?',
      'oefening(?:en)?',
      'opdracht(?:en)?',
      'oplossing(?:en)?',
      'bewijs',
      'opmerking(?:en)?',
      'definitie',
      'stelling',
      'samenvatting',
      'vraag',
      'vragen',
      'exemplos?',
      'exercícios?',
      'solução',
      'soluções',
      'demonstração',
      'observação',
      'definição',
      'resumo',
      'perguntas?',
    ].join('|') +
    ')$',
  'u',
);

export function continuedTitles<T extends { title: string }>(items: T[], label?: (key: string) => boolean, continued = 'continued'): T[] {
  const taken = new Set(items.map((item) => titleKey(item.title)));
  const counts = new Map<string, number>();
  return items.map((item) => {
    const key = titleKey(item.title);
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    // A label every task has ("Solution") names a new one each time, never the continuation of the last.
    if (n === 1 || !key || genericLabel.test(key) || label?.(key)) return item;
    let k = n - 1;
    const named = () => (k === 1 ? `${item.title}, ${continued}` : `${item.title}, ${continued} (${k})`);
    while (taken.has(titleKey(named()))) k++;
    taken.add(titleKey(named()));
    return { ...item, title: named() };
  });
}
