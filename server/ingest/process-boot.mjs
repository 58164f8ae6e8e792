// An extraction process: registers tsx (the parent's loader is not inherited), loads its
// TypeScript entry, and ends when its parent goes away.
import { tsImport } from 'tsx/esm/api';

process.on('disconnect', () => process.exit(0));
await tsImport(process.argv[2], import.meta.url);
