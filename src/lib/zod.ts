import { z } from 'zod';

// The site's Content-Security-Policy has no 'unsafe-eval' (DESIGN §6). zod's JIT probes `new Function` when
// its first object schema is built, which the browser reports as a CSP violation (Lighthouse best practices).
// Schemas shared with the browser import z from here, so the probe never runs.
z.config({ jitless: true });

export { z };
