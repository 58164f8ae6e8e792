// Writes server/ingest/pdf/tex-font-widths.ts from TeX Live's TFM files: the advance widths of the
// Computer Modern and AMS fonts, by which a Type 3 bitmap font (PK glyphs from METAFONT, named
// only "F33" in the PDF) is recognised. Run: node scripts/tex-font-widths.mjs (needs kpsewhich).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/** Font families by the encoding their codes follow, with the design sizes TeX Live ships. */
const families = {
  ot1: [
    'cmr5',
    'cmr6',
    'cmr7',
    'cmr8',
    'cmr9',
    'cmr10',
    'cmr12',
    'cmr17',
    'cmbx5',
    'cmbx6',
    'cmbx7',
    'cmbx8',
    'cmbx9',
    'cmbx10',
    'cmbx12',
    'cmsl8',
    'cmsl9',
    'cmsl10',
    'cmsl12',
    'cmss8',
    'cmss9',
    'cmss10',
    'cmss12',
    'cmss17',
    'cmssbx10',
    'cmssdc10',
    'cmssi8',
    'cmssi9',
    'cmssi10',
    'cmssi12',
    'cmssi17',
    'cmssq8',
    'cmssqi8',
    'cmcsc8',
    'cmcsc9',
    'cmcsc10',
    'cmb10',
    'cmbxsl10',
    'cmdunh10',
    'cmff10',
    'cmfib8',
  ],
  ot1italic: ['cmti7', 'cmti8', 'cmti9', 'cmti10', 'cmti12', 'cmbxti10', 'cmfi10', 'cmu10'],
  ot1tt: ['cmtt8', 'cmtt9', 'cmtt10', 'cmtt12', 'cmsltt10', 'cmitt10', 'cmtcsc10', 'cmvtt10'],
  oml: ['cmmi5', 'cmmi6', 'cmmi7', 'cmmi8', 'cmmi9', 'cmmi10', 'cmmi12', 'cmmib5', 'cmmib6', 'cmmib7', 'cmmib8', 'cmmib9', 'cmmib10'],
  oms: ['cmsy5', 'cmsy6', 'cmsy7', 'cmsy8', 'cmsy9', 'cmsy10', 'cmbsy5', 'cmbsy6', 'cmbsy7', 'cmbsy8', 'cmbsy9', 'cmbsy10'],
  omx: ['cmex7', 'cmex8', 'cmex9', 'cmex10'],
  msam: ['msam5', 'msam6', 'msam7', 'msam8', 'msam9', 'msam10'],
  msbm: ['msbm5', 'msbm6', 'msbm7', 'msbm8', 'msbm9', 'msbm10'],
  // The EC fonts (T1, \usepackage[T1]{fontenc} without Type 1 versions installed): the common sizes.
  t1: [
    ...['0500', '0600', '0700', '0800', '0900', '1000', '1095', '1200', '1440', '1728', '2074', '2488'].map((s) => `ecrm${s}`),
    ...['0800', '0900', '1000', '1095', '1200', '1440', '1728', '2074', '2488'].map((s) => `ecbx${s}`),
    ...['0800', '0900', '1000', '1095', '1200', '1440'].map((s) => `ecti${s}`),
    ...['0800', '0900', '1000', '1095', '1200'].map((s) => `ectt${s}`),
    ...['1000', '1095', '1200'].flatMap((s) => [`ecsl${s}`, `eccc${s}`, `ecss${s}`]),
  ],
};

/** Widths, heights and depths of codes 0 to `codes` - 1 in ten-thousandths of an em; -1 where the font has no character. */
function metrics(font, codes) {
  const file = execFileSync('kpsewhich', [`${font}.tfm`], { encoding: 'utf8' }).trim();
  const b = readFileSync(file);
  const word = (i) => b.readUInt16BE(i * 2);
  const [lh, bc, ec, nw, nh] = [word(1), word(2), word(3), word(4), word(5)];
  const charInfo = 24 + lh * 4;
  const widthBase = charInfo + (ec - bc + 1) * 4;
  const heightBase = widthBase + nw * 4;
  const depthBase = heightBase + nh * 4;
  const fix = (at) => Math.max(0, Math.round((b.readInt32BE(at) / 2 ** 20) * 10000));
  const out = { widths: [], heights: [], depths: [] };
  for (let code = 0; code < codes; code++) {
    const info = charInfo + (code - bc) * 4;
    if (code < bc || code > ec || b[info] === 0 || b[info] >= nw) {
      out.widths.push(-1);
      out.heights.push(-1);
      out.depths.push(-1);
      continue;
    }
    out.widths.push(fix(widthBase + b[info] * 4));
    out.heights.push(fix(heightBase + (b[info + 1] >> 4) * 4));
    out.depths.push(fix(depthBase + (b[info + 1] & 15) * 4));
  }
  return out;
}

/** Each value in three base-36 digits ("..." for none). */
const base36 = (values) => values.map((x) => (x < 0 ? '...' : x.toString(36).padStart(3, '0'))).join('');
/** A height or depth in hundredths of an em (0-0.86), one character from "(" on. */
const boxChar = (x) => String.fromCharCode(0x28 + Math.min(86, Math.max(0, Math.round(x / 100))));

const lines = [];
for (const [encoding, fonts] of Object.entries(families))
  for (const font of fonts) {
    // Each font: its width for each code 0-127, base 36 ("." where it has no character).
    const m = metrics(font, encoding === 't1' ? 256 : 128);
    const boxes = m.heights.map((h, code) => boxChar(h) + boxChar(m.depths[code])).join('');
    lines.push(`  ['${font}', '${encoding}', '${base36(m.widths)}', ${JSON.stringify(boxes)}],`);
  }

writeFileSync(
  new URL('../server/ingest/pdf/tex-font-widths.ts', import.meta.url),
  `/**
 * The advance widths of TeX's Computer Modern and AMS fonts, read from TeX Live's TFM files by
 * scripts/tex-font-widths.mjs, then prettier (do not edit by hand). A Type 3 bitmap font carries no name, only
 * its glyphs' widths; these recognise it (tex-type3-fonts.ts). Each row: the font, the encoding its
 * codes follow, the width of each code (0-127, T1's 0-255) in ten-thousandths of an em, three
 * base-36 digits a code ("..." where the font has no character), and each code's height and
 * depth, two characters a code (hundredths of an em from "(", to 0.86 em).
 */
export type TexFontRow = readonly [font: string, encoding: string, widths: string, boxes: string];

export const texFontWidths: readonly TexFontRow[] = [
${lines.join('\n')}
];
`,
);
console.log(`${lines.length} fonts`);
