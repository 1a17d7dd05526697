// A file's size in words, for the order form, the inbox, the server's refusals and the CLI.
/** Sizes as people read them: KB, MB and GB of 1,024 (Ko, Mo, Go in French, with a decimal comma). */
export function formatBytes(bytes: number, language: 'en' | 'fr' = 'en'): string {
  const units = language === 'fr' ? ['octets', 'Ko', 'Mo', 'Go'] : ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(value) : String(+value.toFixed(1));
  return `${language === 'fr' ? text.replace('.', ',') : text} ${units[unit]}`;
}
