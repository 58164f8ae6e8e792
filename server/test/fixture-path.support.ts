import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's test fixtures (test-fixtures/README.md lists each file's source and licence). */
export const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-fixtures');

/** The absolute path of one fixture, e.g. fixturePath('pdf/tracemonkey.pdf'). */
export const fixturePath = (name: string): string => path.join(fixturesDir, name);
