import { z } from 'zod';

// The app runs under a content security policy without 'unsafe-eval' (DESIGN.md "Auth and security"). Zod
// compiles fast object parsers with `new Function` when it may, and finds out by trying: under the policy the
// try is refused and reported as a violation even though zod falls back. Jitless mode never tries. Imported
// first by main.tsx, so it is set before any schema parses.
z.config({ jitless: true });
