/** Types of content-security-policy.cjs (plain CommonJS, so the production server runs it with `node`). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const BASE_POLICY: string;
export declare function policy(scriptSources?: readonly string[]): string;
export declare function inlineScriptHashes(document: string | Buffer): string[];
export declare function documentPolicy(document: string | Buffer): string;
export declare function noncePolicy(nonce: string): string;
export declare function watch(req: IncomingMessage, res: ServerResponse): void;
