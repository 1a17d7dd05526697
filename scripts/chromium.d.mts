// Types for chromium.mjs, so the Playwright configuration that imports it is type-checked.
export function chromiumPath(): string;
export const CHROMIUM_ARGS: readonly string[];
