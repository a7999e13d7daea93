import { z } from 'zod';

// The site's Content-Security-Policy has no 'unsafe-eval' (docs/design.md#security-defaults). Building an object schema makes zod probe
// `new Function` for its JIT parser, which the browser reports as a CSP violation (Lighthouse best practices).
// Every schema module shared with the browser imports this first, so in the browser the probe never runs; the
// server keeps the faster JIT parser. Nothing is re-exported from here: taking `z` through a re-exporting module
// defeated tree shaking and bloated the form pages (docs/decisions/016-first-paint-before-storage.md).
if (typeof window !== 'undefined') z.config({ jitless: true });
