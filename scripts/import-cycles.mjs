// Import circles: files that reach themselves by following imports. A circle makes the order in
// which modules load matter (a value read before its module ran is undefined) and ties its files
// together so none can be understood, moved or tested alone. Type-only imports count too: they tie
// files together just the same.

/**
 * The circles of an import graph (file -> files it imports): each a strongly connected set of two
 * or more files, or one file that imports itself, sorted, smallest file first. Tarjan's algorithm,
 * iterative so a long chain of imports cannot overflow the stack.
 * @param {Map<string, Iterable<string>>} graph
 * @returns {string[][]}
 */
export function importCycles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  let next = 0;
  const edgesOf = (node) => [...(graph.get(node) ?? [])].filter((t) => graph.has(t));
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, edges: edgesOf(start), i: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      if (frame.i < frame.edges.length) {
        const target = frame.edges[frame.i++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edges: edgesOf(target), i: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const members = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        members.push(member);
      } while (member !== frame.node);
      const selfImport = members.length === 1 && edgesOf(frame.node).includes(frame.node);
      if (members.length > 1 || selfImport) cycles.push(members.sort());
    }
  }
  return cycles.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/**
 * The source file an import resolves to (`server/x/y` -> `server/x/y.ts`, or `server/x/index.ts`), given
 * the set of known files; undefined for anything else (a package, a JSON file, a missing file).
 * @param {string} target repo-relative path without extension, as scripts/layers.mjs resolveImport gives it
 * @param {Set<string>} files
 */
export function sourceFileOf(target, files) {
  const bare = target.replace(/\.(js|mjs|ts|tsx)$/, '');
  for (const candidate of [target, `${bare}.ts`, `${bare}.tsx`, `${bare}.mjs`, `${bare}.js`, `${bare}/index.ts`, `${bare}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  return undefined;
}
