// The formulas of the stored body before the editor takes over: KaTeX and its styles, loaded only for a body with math.
import 'katex/dist/katex.min.css';

export { renderMathElements } from '../reader/render-math';
