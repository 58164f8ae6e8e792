import { describe, expect, it } from 'vitest';
import { isProse, readsAsCode } from './pdf-code-lines';

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

  it("a program line's string literals, dotted or underscored names and interpreter prompt are no words of a sentence", () => {
    for (const line of [
      ">>> t = ['spam', 'egg', 'spam', 'spam', 'bacon', 'spam']",
      'print("Words in the book that aren\'t in the word list:")',
      '>>> line2 = "the emblem of our land.\\n"',
      "return '%s of %s' % (Card.rank_names[self.rank],",
      // A notebook's long line wrapped inside its last string (lsinc1113's plot call).
      '2 plot(t, z, xlabel="Temps (s)", ylabel="Amplitude", title="Réponse temporelle de',
      // An assignment of a call or an indexing (lsinc1113's notebook).
      't4 = LinRange(0, duration4, floor(Int, fs4 * duration4))',
      'bandpass_filter = (freq .>= f_low) .& (freq .<= f_high)',
      'gamme_compressed = gamme[1:factor_gamme:end] 4 t_gamme = time_vector(gamme, gamme_compressed, fs_gamme)',
    ]) {
      expect(isProse(line), line).toBe(false);
      expect(readsAsCode(line, true), line).toBe(true);
    }
    // A sentence quoting a word, or naming a function in it, is still one.
    expect(isProse("The first letter of 'banana' is b, not a, for most people who read it.")).toBe(true);
    expect(isProse('Putting it all together, the expression Card.rank_names[self.rank] means the rank’s name.')).toBe(true);
    expect(isProse('f = \\(\\frac{1}{2π}\\) is the frequency of the signal we read in the next section of the notes.')).toBe(true);
  });
});
