import { z } from 'zod';

// Zod compiles object schemas with `new Function` when it may; the app's Content-Security-Policy (script-src 'self')
// forbids that, and the browser reports each attempt as a violation. Parsing without it is as correct.
z.config({ jitless: true });
