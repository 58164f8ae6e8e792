import { bookTerms } from '@server/ai/offline/materials/book-terms';
const mk = (plain: string) => ({ plain, text: plain, chapterIndex: 0 } as any);
const t = bookTerms(['The tensors are k-th order tensors, i.e., k-dimensional arrays.', 'We store the k-dimensional arrays in memory.', 'We are interested in derivatives of higher order here.', 'Terms of fourth or higher order matter.'].map(mk));
console.log(t.map((x) => x.key));
