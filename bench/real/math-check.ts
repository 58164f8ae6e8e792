/**
 * Mathematics read from the real course PDFs (../shared/corpus/real, read only when it is there,
 * and ../shared/corpus/pdf): per file, the glyph errors TeX's math fonts used to give ("6=" for ≠,
 * " 6 " for ⩽ or ≤, control codes, private-use characters, CJK angle brackets), the inline and
 * display formulas stored and how many KaTeX refuses, and the display equations kept as LaTeX or
 * as pictures. Counts only: no time is measured.
 *
 *   node --import tsx bench/real/math-check.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import katex from 'katex';
import { extractPdf } from '@server/ingest/pdf/pdf-extract';
import { realCorpusDir, table } from './corpus';

const dirs = [realCorpusDir, path.resolve(process.cwd(), '../shared/corpus/pdf')].filter((d) => existsSync(d));
const files = dirs.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => /\.pdf$/i.test(f))
    .sort()
    .map((f) => path.join(dir, f)),
);
if (files.length === 0) console.log(`no PDFs in ${realCorpusDir} or ../shared/corpus/pdf: nothing to measure.`);

const rows: string[][] = [];
for (const file of files) {
  const name = path.basename(file);
  try {
    const doc = await extractPdf(new Uint8Array(readFileSync(file)), name);
    const text = doc.blocks.map((b) => b.text).join('\n');
    const count = (re: RegExp) => (text.match(re) ?? []).length;
    const formulas: Array<{ latex: string; display: boolean }> = [];
    for (const b of doc.blocks) {
      for (const m of b.text.matchAll(/\\\((.*?)\\\)/g)) formulas.push({ latex: m[1], display: false });
      if (b.kind === 'equation' && b.latex) formulas.push({ latex: b.latex, display: true });
    }
    const refused = formulas.filter(({ latex, display }) => {
      try {
        katex.renderToString(latex, { throwOnError: true, displayMode: display, strict: 'ignore', trust: false });
        return false;
      } catch {
        return true;
      }
    }).length;
    const equations = doc.blocks.filter((b) => b.kind === 'equation');
    rows.push([
      name,
      String(count(/6=/g)),
      String(count(/ 6 /g)),
      String(count(/[\u0000-\u0009\u000b-\u001f\uE000-\uF8FF\u3008\u3009\uFFFD]/g)),
      `${formulas.length - refused}/${formulas.length}`,
      String(equations.filter((b) => b.latex).length),
      String(equations.filter((b) => !b.latex).length),
      String(doc.warnings?.length ?? 0),
    ]);
  } catch (err) {
    rows.push([name, '-', '-', '-', '-', '-', '-', `refused: ${(err as Error).message}`]);
  }
}
console.log(table(['file', '"6="', '" 6 "', 'unread chars', 'KaTeX renders', 'equations as LaTeX', 'as pictures', 'warnings'], rows));
console.log('\n" 6 " also counts real sixes ("3×2×1 = 6"): read the lines it finds before calling them errors.');
process.exit(0);
