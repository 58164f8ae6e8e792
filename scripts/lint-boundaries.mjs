#!/usr/bin/env node
// Module boundaries from docs/decisions.md, checked on every import (parsed with the TypeScript compiler):
//  1. common/ imports nothing from client/ or server/ (it is shared by both sides).
//  2. client/ never imports server/ (the browser bundle must not pull in server code).
//  3. Only *.repo.ts files and server/db/** import Drizzle table objects from server/db/schema;
//     elsewhere only `import type` (row types) is allowed. Test code (*.test.ts and the support files
//     in server/test/**) may seed and inspect tables directly.
//  4. The server's layers import downwards only (core <- db <- ingest, references <- ai <-
//     realtime <- http <- features <- app), and client/components/ui and client/lib never import features
//     (scripts/layers.mjs). server/ai/llm never imports server/ai/offline, and server/ai/shared (what
//     both engines use) imports neither engine. Imports that broke this before the rule existed are listed in
//     scripts/layer-baseline.txt: that list may only shrink (an entry that no longer occurs is
//     reported too, so it is removed when its import is fixed).
//  5. An import that climbs two or more folders into common/, server/ or client/ uses the alias
//     (`@common/*`, `@server/*`, `@client/*`, tsconfig.json `paths`). Every rule above resolves
//     aliases and relative paths alike (scripts/layers.mjs resolveImport).
//  6. No import circle among the product's files (test code aside), type-only imports included
//     (scripts/import-cycles.mjs).
//  7. Client code outside client/lib never calls fetch() itself: it goes through client/lib/api.
//  8. Test support is in server/test/ and named *.support.ts; shipped code never imports it
//     (scripts/test-support.mjs).
// Exits 1 with one line per violation: file:line  rule  import (a circle: its first file and all of them).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { importCycles, sourceFileOf } from './import-cycles.mjs';
import { aliasedDirs, fetchViolation, isTestCode, layerViolation, resolveImport } from './layers.mjs';
import { supportFileProblem, supportImportProblem } from './test-support.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDirs = ['client', 'server', 'common', 'bench', 'e2e'];
const skipDirs = new Set(['node_modules', 'dist', 'migrations', 'test-results']);

function listSources(dir) {
  const out = [];
  let entries;
  try {
    entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skipDirs.has(entry.name)) out.push(...listSources(rel));
    } else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(rel);
    }
  }
  return out;
}

/**
 * Every module specifier in a file, with whether it brings in values (not only types), and the lines
 * that call the global fetch (`fetch(`, `globalThis.fetch(`, `window.fetch(`).
 */
function importsOf(file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const fetchLines = [];
  const add = (node, specifier, typeOnly) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ specifier, typeOnly, line });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      let typeOnly = Boolean(clause?.isTypeOnly);
      if (clause && !typeOnly && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        const elements = clause.namedBindings.elements;
        typeOnly = elements.length > 0 && elements.every((e) => e.isTypeOnly);
      }
      add(node, node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      let typeOnly = node.isTypeOnly;
      if (!typeOnly && node.exportClause && ts.isNamedExports(node.exportClause)) {
        const elements = node.exportClause.elements;
        typeOnly = elements.length > 0 && elements.every((e) => e.isTypeOnly);
      }
      add(node, node.moduleSpecifier.text, typeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node, node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node, node.argument.literal.text, true);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isFetch =
        (ts.isIdentifier(callee) && callee.text === 'fetch') ||
        (ts.isPropertyAccessExpression(callee) &&
          callee.name.text === 'fetch' &&
          ts.isIdentifier(callee.expression) &&
          ['globalThis', 'window', 'self'].includes(callee.expression.text));
      if (isFetch) fetchLines.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports: found, fetchLines };
}

const isUnder = (target, dir) => target === dir || target.startsWith(`${dir}/`);

const violations = [];
const baselinePath = path.join(root, 'scripts/layer-baseline.txt');
const baseline = new Set(
  readFileSync(baselinePath, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#')),
);
const seenBaseline = new Set();
const files = sourceDirs.flatMap(listSources);
const fileSet = new Set(files);
/** Who imports whom among the product's own files (test code aside): it must hold no circle. */
const graph = new Map();
for (const file of files) {
  const imported = new Set();
  if (!isTestCode(file)) graph.set(file, imported);
  const placement = supportFileProblem(file);
  if (placement) violations.push(`${file}  ${placement}`);
  const { imports, fetchLines } = importsOf(file);
  const misplacedFetch = fetchViolation(file);
  if (misplacedFetch) for (const line of fetchLines) violations.push(`${file}:${line}  ${misplacedFetch}`);
  for (const { specifier, typeOnly, line } of imports) {
    const target = resolveImport(file, specifier);
    if (!target) continue;
    const targetFile = sourceFileOf(target, fileSet);
    if (targetFile && !isTestCode(targetFile)) imported.add(targetFile);
    const where = `${file}:${line}`;
    if (/^(\.\.\/){2,}/.test(specifier) && aliasedDirs.includes(target.split('/')[0])) {
      violations.push(`${where}  imports that climb two or more folders use the alias (@${target})  '${specifier}'`);
    }
    if (isUnder(file, 'common') && (isUnder(target, 'client') || isUnder(target, 'server'))) {
      violations.push(`${where}  common/ must not import client/ or server/  '${specifier}'`);
    }
    if (isUnder(file, 'client') && isUnder(target, 'server')) {
      violations.push(`${where}  client/ must not import server/  '${specifier}'`);
    }
    const support = supportImportProblem(file, target);
    if (support) violations.push(`${where}  ${support}  '${specifier}'`);
    const layer = layerViolation(file, target);
    if (layer) {
      const key = `${file} -> ${target}`;
      if (baseline.has(key)) seenBaseline.add(key);
      else violations.push(`${where}  ${layer}  '${specifier}'`);
    }
    const schemaImport = isUnder(target, 'server/db/schema') || target === 'server/db/schema.ts';
    if (schemaImport && !typeOnly && !file.endsWith('.repo.ts') && !isUnder(file, 'server/db') && !isTestCode(file)) {
      violations.push(`${where}  only *.repo.ts files use Drizzle tables (use \`import type\` for row types)  '${specifier}'`);
    }
  }
}

for (const cycle of importCycles(graph)) {
  violations.push(`${cycle[0]}  imports go round in a circle through ${cycle.length} files: ${cycle.join(', ')}`);
}

for (const key of baseline) {
  if (!seenBaseline.has(key)) violations.push(`scripts/layer-baseline.txt  no longer occurs, remove it: ${key}`);
}

if (violations.length) {
  console.error(`Module boundary violations (${violations.length}):`);
  for (const v of violations) console.error(`  ${v}`);
  process.exit(1);
}
console.log(
  `Module boundaries hold across ${files.length} files (${baseline.size} older layer imports left to fix in scripts/layer-baseline.txt).`,
);
