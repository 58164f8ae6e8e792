import { describe, expect, it } from 'vitest';
import { readsAsCode } from './pdf-code-lines';

describe('a PDF line that reads as code, with its type as an input', () => {
  it('a statement is code in any type; a call or an assignment without its semicolon only in typewriter type', () => {
    for (const statement of ['s[0] = s[2];', 'return −1;', '}', '// add the round key', 'for (uint8 t i = 0 ; i < 64; i ++)']) {
      expect(readsAsCode(statement, false), statement).toBe(true);
      expect(readsAsCode(statement, true), statement).toBe(true);
    }
    for (const loose of ['x = sbox(state)', 'print(total)', 'counts[word] += 1']) {
      expect(readsAsCode(loose, true), loose).toBe(true);
      expect(readsAsCode(loose, false), loose).toBe(false);
    }
  });

  it('sentences and web addresses are never code, whatever their type', () => {
    for (const mono of [false, true]) {
      expect(readsAsCode('• for each predicate that we care to consider (apart from ‘=’),', mono)).toBe(false);
      expect(readsAsCode('The key schedule expands the key into the round keys; each round uses one.', mono)).toBe(false);
      expect(readsAsCode('//www.ti.com/lit/an/slaa547c/slaa547c.pdf', mono)).toBe(false);
      expect(readsAsCode('https://www.google.com/search?q=trace_trees', mono)).toBe(false);
    }
  });
});
