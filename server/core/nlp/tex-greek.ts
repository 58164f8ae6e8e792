/**
 * TeX's Greek letter commands and the letters they print (`\alpha` → α, `\Sigma` → Σ), for reading a formula's symbol or
 * a heading's LaTeX as the reader sees it.
 */
export const texGreek: Readonly<Record<string, string>> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  theta: 'θ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  phi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Sigma: 'Σ',
  Phi: 'Φ',
  Psi: 'Ψ',
  Omega: 'Ω',
};

/** The letter a Greek letter command (its name without the backslash) prints, or undefined for any other name. */
export function greekLetter(name: string): string | undefined {
  return Object.hasOwn(texGreek, name) ? texGreek[name] : undefined;
}
