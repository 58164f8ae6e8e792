/**
 * The Node.js the server needs (package.json `engines`). `npm start` runs the Node.js that `npm install` puts in
 * node_modules; started by hand with an older one, pdf.js refuses every PDF as damaged and nothing says why, so the
 * server says it at start instead.
 */
export const requiredNode = { major: 24, minor: 11 } as const;

/** Why this Node.js cannot run the server, or null when it can. */
export function nodeVersionProblem(version: string = process.versions.node): string | null {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major > requiredNode.major || (major === requiredNode.major && minor >= requiredNode.minor)) return null;
  return (
    `Textbook Studio needs Node.js ${requiredNode.major}.${requiredNode.minor} or newer; this is ${version}. ` +
    'Start it with `npm start`, which runs the Node.js that `npm install` put in node_modules.'
  );
}
