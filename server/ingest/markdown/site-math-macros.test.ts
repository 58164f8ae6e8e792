import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { extractMarkdown } from '../markdown-extract';

// A lecture page of a Jupyter Book whose site defines its macros once for all pages (`_config.yml`), uploaded alone.
const page = `# Model selection

The information criteria compare models by their likelihood at the best fit:

$$
  \\textit{AIC} = -2 \\log p(D|\\hat\\thetavec_{\\text{MLE}}) + 2k
$$

where $\\thetavec$ are the parameters and $\\rvec_i$ the positions, $\\Xbar$ the sample mean. A large gap $\\Lra$ strong evidence.

| criterion | penalty |
| --- | --- |
| BIC | $k \\ln N$ for $\\thetavec$ |

$$
\\begin{align}
 Z(\\beta) &= \\int d\\thetavec\\, p(D|\\thetavec,I)^\\beta \\\\
 \\log Z(1) &= \\log Z(0) + \\qoi
\\end{align}
$$
`;

const formulas = (doc: ReturnType<typeof extractMarkdown>) =>
  doc.blocks.flatMap((b) => [
    ...(b.latex ? [b.latex] : []),
    ...[b.text, ...(b.rows ?? []).flat()].flatMap((t) => [...t.matchAll(/\\\((.+?)\\\)/g)].map((m) => m[1])),
  ]);
const renders = (latex: string) => {
  try {
    katex.renderToString(latex, { throwOnError: true, displayMode: true });
    return true;
  } catch {
    return false;
  }
};

describe("macros a page's site defines, on a page uploaded alone", () => {
  it('reads the conventional names by their meaning, so those formulas render', () => {
    const doc = extractMarkdown(page, 'lecture_16.md');
    const all = formulas(doc);
    const withConventional = all.filter((f) => /\\(thetavec|rvec|Xbar|Lra)\b/.test(f) && !/\\qoi/.test(f));
    expect(withConventional.length).toBeGreaterThanOrEqual(6);
    for (const f of withConventional) expect(renders(f), f).toBe(true);
    expect(katex.renderToString(all.find((f) => f.endsWith('\\thetavec'))!)).toContain('boldsymbol');
  });

  it('names the macros read by convention and those left undefined in the warnings', () => {
    const doc = extractMarkdown(page, 'lecture_16.md');
    const warnings = (doc.warnings ?? []).join('\n');
    expect(warnings).toMatch(/\\thetavec is read as \\boldsymbol\{\\theta\}/);
    expect(warnings).toMatch(/\\Lra is read as \\Longrightarrow/);
    expect(warnings).toMatch(/defined nowhere on the page: \\qoi/);
  });

  it('reads a name with two decorations (a site macro built from another) as both, innermost first', () => {
    const doc = extractMarkdown('The estimate $\\thetavechat$ and the mean $\\xvecbar$ of the draws.\n', 'lecture_16.md');
    const all = formulas(doc);
    expect(all).toHaveLength(2);
    for (const f of all) expect(renders(f), f).toBe(true);
    const warnings = (doc.warnings ?? []).join('\n');
    expect(warnings).toMatch(/\\thetavechat is read as \\widehat\{\\boldsymbol\{\\theta\}\}/);
    expect(warnings).toMatch(/\\xvecbar is read as \\overline\{\\boldsymbol\{x\}\}/);
    expect(warnings).not.toMatch(/defined nowhere/);
  });

  it('leaves a page that defines its own macros with its own meaning', () => {
    const doc = extractMarkdown(`$$\\newcommand{\\thetavec}{\\vec{\\theta}}$$\n\nThe vector $\\thetavec$ holds the parameters.\n`, 'p.md');
    expect(formulas(doc).join(' ')).toContain('\\vec{\\theta}');
    expect(doc.warnings ?? []).toEqual([]);
  });
});
