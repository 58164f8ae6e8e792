// An extraction process: registers tsx (the parent's loader is not inherited), loads its
// TypeScript entry, and ends when its parent goes away. tsx is given the repository's
// tsconfig.json by path, so its import aliases (`@server/*`, ...) resolve whatever the
// working directory.
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

process.on('disconnect', () => process.exit(0));
const tsconfig = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
await tsImport(process.argv[2], { parentURL: import.meta.url, tsconfig });
