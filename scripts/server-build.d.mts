// Types for server-build.mjs, so the tests that use it are type-checked.
export function serverBuildIsFresh(): boolean;
export function buildServerIfStale(): Promise<boolean>;
