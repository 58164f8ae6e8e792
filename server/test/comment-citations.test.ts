import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
/** Every source folder: comments and test titles in each must send a newcomer somewhere they can read. */
const sourceFolders = ['server', 'client', 'common', 'scripts', 'bench', 'e2e'];
/**
 * Documents that live outside the repository ("spec 3", "specification §7", "issue 6", "contract C",
 * DESIGN.md, product-spec.md): citing them sends a newcomer nowhere. docs/product.md and
 * docs/decisions.md are cited by section name instead.
 */
const outside =
  /\b(?:[Ss]pec(?:ification)?(?:\s+section)?\s*§?\s*\d+|[Ii]ssues?\s+\d+|(?:DESIGN|STYLE|PLATFORM)\.md|[Cc]ontract\s+[A-Z]\b|product-spec)/;

/** Lines of the tracked sources under `folders` that cite a document outside the repository. */
function outsideCitations(folders: string[]): string[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...folders], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && f !== 'server/test/comment-citations.test.ts');
  const found: string[] = [];
  for (const file of files) {
    // Whole lines, not only comments: a test title ("navigator (spec 5)") cites as much as a comment does.
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (outside.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('comments and test titles cite documents inside the repository', () => {
  it('the pattern catches each kind of outside citation, in comments and in titles', () => {
    for (const line of [
      "describe('navigator state (spec 3 and 4)', () => {",
      "test.describe('collaboration (issue 9)', () => {",
      '// the 409 body of contract C',
      ' * see DESIGN.md',
      '// specification §7, the API',
      '// as /work/shared/spec/product-spec.md says',
    ]) {
      expect(outside.test(line), line).toBe(true);
    }
    for (const line of ["// docs/product.md, 'A textbook'", "it('keeps the inspector open', () => {", '// specifies 3 fields']) {
      expect(outside.test(line), line).toBe(false);
    }
  });

  it('no source file in any folder cites the spec, an issue or a design note', () => {
    expect(outsideCitations(sourceFolders)).toEqual([]);
  });
});
