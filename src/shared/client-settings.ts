// What the server tells the page at run time (written into index.html, or served as
// /app-config.json to Vite's dev server): changing a setting needs a restart, not a rebuild.
export interface ClientSettings {
  functionsUrl: string;
  publicKey: string;
  designStudioUrl: string;
  maxFileBytes: number;
  /** The shop's logo in force (docs/settings.md), with the shop's name as its text; absent without one. */
  logo?: { url: string; alt: string };
  /** The shop's brand colour in force (#rrggbb, white text on it at least WCAG AA): its primary buttons. */
  brandColour?: string;
  /** The shop's name in force: the order form says whose form it is, logo or not (docs/settings.md). */
  shopName?: string;
  /** When this page was served, signed by the server (checked when the order arrives). */
  formToken?: string;
}
