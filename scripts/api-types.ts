/**
 * `npm run api:types`: writes the TypeScript types of the API as /api/openapi.json describes it to
 * src/lib/api/openapi.d.ts (openapi-typescript), for a client that reads each answer's `message` with its type.
 * Run it after changing a route; tests/api/openapi.test.ts fails while the file is not what the routes declare.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_TYPES_FILE, apiTypes } from './lib/api-types';

apiTypes()
  .then((types) => {
    writeFileSync(path.resolve(__dirname, '..', API_TYPES_FILE), types);
    console.log(`wrote ${API_TYPES_FILE}`);
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
