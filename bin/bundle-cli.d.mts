/** bin/bundle-cli.mjs: the bundle of a TypeScript entry (relative to the repository), or null when none. */
export function bundledEntry(entry: string): Promise<string | null>;
