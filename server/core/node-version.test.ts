import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, requiredNode } from './node-version';

describe('the Node.js the server needs', () => {
  it('refuses an older Node.js with a message that says what to run, and takes the one npm installs', () => {
    expect(nodeVersionProblem('20.20.2')).toContain('needs Node.js 24.11 or newer; this is 20.20.2');
    expect(nodeVersionProblem('20.20.2')).toContain('npm start');
    expect(nodeVersionProblem('24.10.0')).not.toBeNull();
    expect(nodeVersionProblem('24.11.0')).toBeNull();
    expect(nodeVersionProblem('25.0.1')).toBeNull();
    // The tests themselves run on the Node.js `npm install` puts in node_modules.
    expect(nodeVersionProblem()).toBeNull();
  });

  it('asks for what package.json promises', () => {
    const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe(`>=${requiredNode.major}.${requiredNode.minor}`);
  });
});
