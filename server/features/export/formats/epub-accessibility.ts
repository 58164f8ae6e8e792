import { undescribedFigureAlt } from '@common/book-render/alt-text';
import type { BookDocument } from '@common/book-render/book-model';
import { xmlEscape } from '../xml';

/**
 * The package's accessibility metadata (EPUB Accessibility 1.1, schema.org's accessibility properties), read
 * from what the files really hold: pictures and whether every one has alt text, MathML (each formula with its
 * LaTeX as alt text), headings in order, the navigation document. Conformance to WCAG 2.1 AA is claimed only when
 * every picture is described; otherwise the summary says which pictures are not.
 */
export function accessibilityMetadata(doc: BookDocument, bodies: string): string[] {
  const images = [...bodies.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
  // A picture with no alt text, or one saying the source gives none, is not described.
  const undescribed = images.filter((img) => {
    const alt = /\balt="([^"]*)"/.exec(img)?.[1]?.trim() ?? '';
    return !alt || alt === undescribedFigureAlt;
  }).length;
  const hasMath = /<math\b/.test(bodies);
  const meta = (property: string, value: string) => `<meta property="${property}">${xmlEscape(value)}</meta>`;

  const modes = ['textual', ...(images.length ? ['visual'] : [])];
  const features = [
    'structuralNavigation',
    'tableOfContents',
    'readingOrder',
    'displayTransformability',
    ...(images.length ? ['alternativeText'] : []),
    ...(hasMath ? ['MathML'] : []),
  ];
  const summary = [
    `${doc.title}: headings in order in every chapter, a navigation document with every chapter and section, the reading order of the source.`,
    images.length
      ? undescribed
        ? `${undescribed} of ${images.length} pictures have no description in the material, so the book is not claimed to conform to WCAG 2.1 AA.`
        : `Every picture (${images.length}) has alt text taken from its caption or the text that introduces it.`
      : 'The book has no pictures.',
    hasMath ? 'Formulas are MathML, each with its LaTeX source as alt text.' : '',
  ]
    .filter(Boolean)
    .join(' ');

  const out = [
    ...modes.map((m) => meta('schema:accessMode', m)),
    // Text alone is enough when every picture is described; text and pictures together always are.
    ...(undescribed ? [] : [meta('schema:accessModeSufficient', 'textual')]),
    ...(images.length ? [meta('schema:accessModeSufficient', modes.join(','))] : []),
    ...features.map((f) => meta('schema:accessibilityFeature', f)),
    meta('schema:accessibilityHazard', 'none'),
    meta('schema:accessibilitySummary', summary),
  ];
  // A claim the publisher makes; no evaluator is named (a11y:certifiedBy) since no one has reviewed the book.
  if (!undescribed) out.push(meta('dcterms:conformsTo', 'EPUB Accessibility 1.1 - WCAG 2.1 Level AA'));
  return out;
}
