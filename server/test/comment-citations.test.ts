import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
/** Documents that live outside the repository: a comment citing them sends a newcomer nowhere. */
const outside = /\b(?:[Ss]pec(?:\s+section)?\s+\d+|[Ii]ssues?\s+\d+|(?:DESIGN|STYLE|PLATFORM)\.md|[Cc]ontract\s+[A-Z]\b)/;

describe('comments cite documents inside the repository', () => {
  it('no comment in the code cites the spec, an issue or a design note by number', () => {
    const files = execFileSync('git', ['ls-files', 'server', 'client', 'common', 'scripts', 'bench', 'e2e'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && f !== 'server/test/comment-citations.test.ts');
    const found: string[] = [];
    for (const file of files) {
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const comment = /^\s*(?:\/\*\*|\*|\/\/)(.*)$/.exec(line)?.[1] ?? /\s\/\/(.*)$/.exec(line)?.[1];
          if (comment && outside.test(comment)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
