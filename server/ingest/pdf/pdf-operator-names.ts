/**
 * The operator names TeX sets upright and LaTeX writes as commands of their own (\sin, \log, \det, \lim), known to the
 * PDF readers by one list: the readers that turn a name into its command and back take their patterns from here.
 */

/**
 * The functions of one argument: trigonometric, hyperbolic and their inverses, log, ln and exp. The readers of a root's
 * radicand (pdf-text-roots.ts) and of alt text (pdf-math.ts) know only these: in a radicand read as words "max", "deg" or
 * "arg" may be words, and neither reader ever had "lg" (adding any would change the books they make).
 */
export const functionNames = [
  'arcsin',
  'arccos',
  'arctan',
  'sinh',
  'cosh',
  'tanh',
  'coth',
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'log',
  'ln',
  'exp',
] as const;

/** Every operator name the readers know: the functions, and those that take limits or name a value (\lim, \max, \det, \Pr). */
export const operatorNames = [
  ...functionNames,
  'lg',
  'det',
  'dim',
  'deg',
  'arg',
  'gcd',
  'Pr',
  'lim',
  'liminf',
  'limsup',
  'sup',
  'inf',
  'max',
  'min',
] as const;

/**
 * The names as one regular-expression alternative, longest first. Where a pattern requires no letter after the name the
 * order makes no difference (no two names can both match there); longest first keeps a pattern without that rule from
 * reading "sin" out of "sinh".
 */
export const namesAlternative = (names: readonly string[]): string => [...names].sort((a, b) => b.length - a.length).join('|');
