import katex from 'katex';
import type { MathMacros } from './math-macros';

/**
 * Macros a page's formulas use that neither the page nor KaTeX defines: a Jupyter Book or MkDocs site defines them once
 * for all its pages (`mathjax3_config: tex: macros:` in `_config.yml`), and a page uploaded alone arrives without them.
 * Names that follow the conventions course notes use for them are read by that meaning: `\thetavec`, `\xvec` a bold
 * θ, x; `\Xbar` X with a bar; `\alphahat` α with a hat; `\Lra` ⟹. Decorations chain, innermost first, as sites build
 * them from one another (`\thetavechat` is `\widehat\thetavec`, a bold θ with a hat). The others stay undefined (the
 * formula shows its source) and are named in the document's warnings.
 */

const greek =
  'alpha|beta|gamma|delta|epsilon|varepsilon|zeta|eta|theta|vartheta|iota|kappa|lambda|mu|nu|xi|pi|varpi|rho|varrho|sigma|varsigma|tau|upsilon|phi|varphi|chi|psi|omega|Gamma|Delta|Theta|Lambda|Xi|Pi|Sigma|Upsilon|Phi|Psi|Omega';
const decoration = 'vec|bar|hat|tilde|dot';
const decorated = new RegExp(`^\\\\((?:${greek})|[A-Za-z])((?:${decoration})+)$`);
const decorations: Record<string, string> = {
  vec: '\\boldsymbol{#}',
  bar: '\\overline{#}',
  hat: '\\widehat{#}',
  tilde: '\\widetilde{#}',
  dot: '\\dot{#}',
};
const arrows: Record<string, string> = {
  '\\Lra': '\\Longrightarrow',
  '\\lra': '\\longrightarrow',
  '\\Ra': '\\Rightarrow',
  '\\La': '\\Leftarrow',
  '\\ra': '\\rightarrow',
  '\\la': '\\leftarrow',
  '\\LRa': '\\Longleftrightarrow',
};

/** Whether KaTeX knows a control word (a command, a symbol or one of its own macros). */
function katexKnows(name: string): boolean {
  try {
    katex.renderToString(name, { throwOnError: true });
    return true;
  } catch (err) {
    return !/Undefined control sequence/.test((err as Error).message);
  }
}

/** The usual meaning of a site macro's name, as LaTeX, when its name follows a convention. */
function conventionalMeaning(name: string): string | undefined {
  if (arrows[name]) return arrows[name];
  const m = decorated.exec(name);
  if (!m) return undefined;
  const base = m[1].length === 1 ? m[1] : `\\${m[1]}`;
  return [...m[2].matchAll(new RegExp(decoration, 'g'))].reduce((inner, [d]) => decorations[d].replace('#', inner), base);
}

export interface SiteMacros {
  /** Read by convention: name -> its meaning. */
  assumed: Map<string, string>;
  /** Neither defined nor conventional. */
  unknown: string[];
}

/**
 * The site macros a page's formulas use (control words the page's definitions and KaTeX leave undefined), with their
 * conventional definitions added to `macros` in the page's own form (`\def`), so each formula carries them.
 */
export function addSiteMacros(formulas: string[], macros: MathMacros): SiteMacros {
  const assumed = new Map<string, string>();
  const unknown: string[] = [];
  const seen = new Set<string>();
  for (const formula of formulas)
    for (const [name] of formula.matchAll(/\\[A-Za-z]+/g)) {
      if (seen.has(name) || macros.has(name)) continue;
      seen.add(name);
      if (katexKnows(name)) continue;
      const meaning = conventionalMeaning(name);
      if (meaning) {
        assumed.set(name, meaning);
        macros.set(name, `\\def${name}{${meaning}}`);
      } else unknown.push(name);
    }
  return { assumed, unknown };
}
