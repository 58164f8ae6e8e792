import { describe, expect, it } from 'vitest';
import { functionNames, namesAlternative, operatorNames } from './pdf-operator-names';

describe('pdf-operator-names', () => {
  it('holds every function among the operator names, each name once', () => {
    expect(operatorNames).toEqual(expect.arrayContaining([...functionNames]));
    expect(new Set(operatorNames).size).toBe(operatorNames.length);
    expect(functionNames).not.toContain('lim');
    expect(operatorNames).toContain('liminf');
  });

  it('writes the names longest first, so that a pattern reads "sinh" whole and not its "sin"', () => {
    const alternative = namesAlternative(['sin', 'sinh', 'lim', 'liminf']);
    expect(alternative).toBe('liminf|sinh|sin|lim');
    expect(new RegExp(`\\\\(${alternative})`).exec('\\sinh x')?.[1]).toBe('sinh');
    expect(new RegExp(`(${alternative})`).exec('liminf a_n')?.[1]).toBe('liminf');
  });
});
