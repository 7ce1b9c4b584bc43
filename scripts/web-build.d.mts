// Types for web-build.mjs, plain JavaScript so that start.mjs runs it before any TypeScript is loaded.
export declare function webBuildIsStale(root: string): boolean;
export declare function buildWebApp(root: string): number;
