// English counts with their noun: "1 piece", "0 pieces", "2 pieces" (French has frenchCount in
// french.ts, singular below 2). The count may come already written ("1,200").

export function englishCount(n: number | string, singular: string, plural = `${singular}s`): string {
  const value = typeof n === 'number' ? n : Number(n.replace(/[\s,]/g, ''));
  return `${n} ${value === 1 ? singular : plural}`;
}
