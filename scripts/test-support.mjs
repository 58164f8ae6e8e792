// Where test support lives: every file a test imports that is not a test itself is in server/test/
// (folders by area) and named `*.support.ts`, so no source folder holds test code under another name.
// Production code never imports it (benchmarks and the browser tests may).

/** Why a file's name or place breaks the test-support rule, or undefined. */
export function supportFileProblem(file) {
  const inTestDir = file.startsWith('server/test/');
  const isSupport = /\.support\.tsx?$/.test(file);
  if (inTestDir && !isSupport && !/\.test\.tsx?$/.test(file))
    return 'a file in server/test is a test (*.test.ts) or test support (*.support.ts)';
  if (isSupport && !inTestDir) return 'test support (*.support.ts) lives in server/test/';
  if (!inTestDir && file.startsWith('server/') && /(\.fixtures?|[.-]test-(helper|entry)|test-factory|-fixtures)\.ts$/.test(file))
    return 'test support lives in server/test/ as *.support.ts';
  return undefined;
}

/** Why an import from `file` of `target` (repo-relative paths) reaches test support from shipped code, or undefined. */
export function supportImportProblem(file, target) {
  const shipped = ['server/', 'common/', 'client/'].some((d) => file.startsWith(d));
  const tests = /\.test\.tsx?$/.test(file) || file.startsWith('server/test/') || file.startsWith('client/test/');
  if (shipped && !tests && target.startsWith('server/test/')) return 'only tests, benchmarks and browser tests import server/test';
  return undefined;
}
