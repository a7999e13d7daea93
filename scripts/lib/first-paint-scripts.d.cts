/** Types of first-paint-scripts.cjs (plain CommonJS, so the production server runs it with `node`). */
export declare function loadScriptsAfterFirstPaint(html: string): string;
export declare function firstLoadScripts(html: string): string[];
