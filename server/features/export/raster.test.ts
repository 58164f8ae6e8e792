import { afterEach, describe, expect, it, vi } from 'vitest';
import { latexToSvg, svgAtSize } from './math-svg';
import { svgToPng } from './raster';

describe('svgToPng', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives back the WebAssembly memory of each drawing: a book of many formulas does not grow the heap without end', async () => {
    // resvg's heap is WebAssembly memory, which no garbage collector reclaims: watch it directly.
    let memory: WebAssembly.Memory | undefined;
    const instantiate = WebAssembly.instantiate.bind(WebAssembly);
    vi.spyOn(WebAssembly, 'instantiate').mockImplementation((async (...args: Parameters<typeof WebAssembly.instantiate>) => {
      const result = (await instantiate(...args)) as WebAssembly.WebAssemblyInstantiatedSource | WebAssembly.Instance;
      const instance = 'instance' in result ? result.instance : result;
      memory = instance.exports.memory as WebAssembly.Memory;
      return result;
    }) as typeof WebAssembly.instantiate);
    const formulas = Array.from({ length: 180 }, (_, i) => {
      const math = latexToSvg(`\\frac{\\partial f}{\\partial x_{${i}}} = \\sum_{k=1}^{${i}} a_k x^k`, true)!;
      const width = math.widthEm * 16;
      return { svg: svgAtSize(math, width, math.heightEm * 16).replace(/currentColor/g, '#000000'), width };
    });
    const draw = async (from: number, to: number) => {
      for (const f of formulas.slice(from, to)) expect((await svgToPng(f.svg, f.width * 3)).subarray(1, 4).toString()).toBe('80,78,71');
    };
    await draw(0, 30);
    expect(memory).toBeDefined();
    const afterWarmUp = memory!.buffer.byteLength;
    await draw(30, 180);
    // Unfreed, 150 more drawings at this size add tens of megabytes; freed, the heap is reused.
    expect(memory!.buffer.byteLength).toBeLessThanOrEqual(afterWarmUp + 4 * 1024 * 1024);
  });
});
