import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { conceptGraph, conceptOrder } from './concept-order';
import { splitByLevel } from './levels';

/** A linear algebra book whose chapters are not in teaching order: Linear Mappings, which is built on matrices, comes first. */
const chapters: Array<[string, string]> = [
  [
    'Linear Mappings',
    'A linear mapping is a function between vector spaces that preserves addition and scalar multiplication. Every linear mapping between finite-dimensional spaces is represented by a matrix, and composing two mappings multiplies their matrices. The matrix of a mapping sends each basis vector to a column.',
  ],
  [
    'Vectors',
    'A vector is an element of a vector space, written as a column of numbers. Vectors are added entry by entry and multiplied by scalars.',
  ],
  [
    'Matrices',
    'A matrix is a rectangular array of numbers arranged in rows and columns. Each column of a matrix is a vector, and a matrix multiplies a vector by combining its columns. Matrices of the same size are added entry by entry.',
  ],
  [
    'Determinants',
    'The determinant is a number computed from a square matrix. A matrix whose determinant is zero has no inverse, and the determinant of a product of matrices is the product of their determinants.',
  ],
  [
    'Eigenvalues',
    'An eigenvalue of a linear mapping is a scalar by which the mapping stretches some nonzero vector. The eigenvalues of a matrix are the roots of the determinant of the matrix minus a scalar multiple of the identity, and a linear mapping with distinct eigenvalues can be diagonalized; the determinant equals their product.',
  ],
  [
    'Gaussian Elimination',
    'Gaussian elimination reduces a matrix to row echelon form with row operations. Elimination on the augmented matrix of a system solves it, and the pivots of the reduced matrix multiply to its determinant.',
  ],
];

const book: TextbookContent = {
  title: 'Linear Algebra',
  references: [],
  chapters: chapters.map(([title, text], i) => ({ id: `c${i}`, title, content: `<p>${text}</p>`, sections: [] })),
};

describe('levels by the dependency of concepts', () => {
  it('finds which chapter builds on which, joining "matrices" to "matrix"', () => {
    const { uses } = conceptGraph(
      chapters.map((c) => c[0]),
      chapters.map((c) => c[1]),
    );
    const builtOn = (title: string) => [...uses[chapters.findIndex((c) => c[0] === title)].keys()].map((i) => chapters[i][0]).sort();
    expect(builtOn('Vectors')).toEqual([]);
    expect(builtOn('Matrices')).toEqual(['Vectors']);
    expect(builtOn('Linear Mappings')).toEqual(['Matrices', 'Vectors']);
    expect(builtOn('Eigenvalues')).toEqual(['Determinants', 'Linear Mappings', 'Matrices']);
  });

  it('puts every chapter after the chapters it builds on, so Matrices is never above Linear Mappings', () => {
    const { uses } = conceptGraph(
      chapters.map((c) => c[0]),
      chapters.map((c) => c[1]),
    );
    const order = conceptOrder({ uses });
    const at = (i: number) => order.indexOf(i);
    uses.forEach((deps, j) => deps.forEach((_, i) => expect(at(i), `${chapters[i][0]} before ${chapters[j][0]}`).toBeLessThan(at(j))));

    const { content } = splitByLevel(book);
    const levelOf = (title: string) => content.chapters.find((c) => c.title.endsWith(`: ${title}`))!.title.split(':')[0];
    const rank = (title: string) => ['Beginner', 'Intermediate', 'Advanced'].indexOf(levelOf(title));
    expect(levelOf('Vectors')).toBe('Beginner');
    expect(rank('Matrices')).toBeLessThanOrEqual(rank('Linear Mappings'));
    expect(levelOf('Linear Mappings')).not.toBe('Beginner');
    expect(levelOf('Matrices')).not.toBe('Advanced');
    expect(levelOf('Eigenvalues')).toBe('Advanced');
    // One prefix per title, every chapter once.
    expect(content.chapters.map((c) => c.title.split(':').length)).toEqual(Array(6).fill(2));
    expect(content.chapters.map((c) => c.id).sort()).toEqual(book.chapters.map((c) => c.id).sort());
  });

  it('breaks a cycle of chapters that each use the other at the one that depends least on the rest', () => {
    const order = conceptOrder({
      uses: [new Map([[1, 3]]), new Map([[0, 1]]), new Map()],
    });
    // The free chapter first; then chapter 1, which needs less of chapter 0 (1 term) than chapter 0 needs of it (3).
    expect(order).toEqual([2, 1, 0]);
  });
});
