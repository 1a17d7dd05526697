// Types for initial-assets.mjs, so the TypeScript that imports it (the bundle budget test) is checked.
export interface InitialAsset {
  file: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  brotli: number;
}

export function measureInitialAssets(clientDir: string): {
  assets: InitialAsset[];
  totals: { jsGzip: number; jsBrotli: number; cssGzip: number };
};
