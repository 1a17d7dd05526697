// An SVG of a few kilobytes whose drawing keeps librsvg busy for many seconds of processor time:
// small rects, each under a 10-octave feTurbulence filter whose region is 200000 units square.
// 200 rects (12 KB) take about 18 s at 100% of a core on the development machine. Its size is
// read at once; drawing the preview is what takes the time.
export function heavySvg(rects = 200): Buffer {
  const shapes = Array.from(
    { length: rects },
    (_, i) => `<rect x="${i}" y="${i}" width="9" height="9" filter="url(#t)"/>`,
  );
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">' +
      '<filter id="t" x="-100000" y="-100000" width="200000" height="200000" filterUnits="userSpaceOnUse">' +
      `<feTurbulence baseFrequency="0.05" numOctaves="10"/></filter>${shapes.join('')}</svg>`,
  );
}
