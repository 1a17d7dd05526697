// A hint beside a view's graphic: how sharp it will print at the size the customer typed in
// "Graphic Dimensions" (300 ppi or more is sharp, 150 to 299 acceptable, less may print
// blurry), read from the file's own header in the browser. It never blocks the order; the
// shop's server measures the stored file again.
import { useEffect, useRef, useState } from 'react';
import type { PixelSize } from '../../../shared/print-size.js';
import { useOrderFormText } from './messages.js';

type Reading = typeof import('./artwork-reading.js');
let readingLoad: Promise<Reading> | undefined;

/** The file reader and the print-size rules: a chunk loaded once, with the first chosen file. */
function useReading(wanted: boolean): Reading | null {
  const [reading, setReading] = useState<Reading | null>(null);
  useEffect(() => {
    if (!wanted || reading) return;
    let current = true;
    readingLoad ??= import('./artwork-reading.js');
    readingLoad.then(
      (r) => {
        if (current) setReading(r);
      },
      () => {
        readingLoad = undefined;
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, reading]);
  return reading;
}

/**
 * The pixel size of a raster file, read once per file; null while unknown or not a raster.
 * `onMeasured` hears each reading once (the form keeps the graphic's proportions from it).
 */
function usePixelSize(
  reading: Reading | null,
  file: File | null,
  onMeasured?: (size: PixelSize | null) => void,
): PixelSize | null {
  const [measured, setMeasured] = useState<{ file: File; size: PixelSize | null } | null>(null);
  const heard = useRef(onMeasured);
  useEffect(() => {
    heard.current = onMeasured;
  });
  useEffect(() => {
    if (!file || !reading) return;
    let current = true;
    const done = (size: PixelSize | null) => {
      if (!current) return;
      setMeasured({ file, size });
      heard.current?.(size);
    };
    reading.readImageFileSize(file).then(done, () => done(null));
    return () => {
      current = false;
    };
  }, [reading, file]);
  return measured && measured.file === file ? measured.size : null;
}

export function ArtworkCheck({
  file,
  dimensions,
  decoration,
  onMeasured,
}: {
  file: File | null;
  dimensions: string;
  decoration: string;
  onMeasured?: (size: PixelSize | null) => void;
}) {
  const t = useOrderFormText().t.artwork;
  const reading = useReading(file !== null);
  const pixels = usePixelSize(reading, file, onMeasured);
  if (!file) return null;
  const lines: { text: string; warn?: boolean }[] = [];
  if (!reading) {
    // The reader is on its way; the region below is already in place.
  } else if (reading.isVectorFormat(file.type || file.name) || reading.isVectorFormat(file.name)) {
    lines.push({ text: t.vector });
  } else if (pixels) {
    const size = reading.parsePrintSize(dimensions);
    const resolution = reading.effectiveResolution(pixels, size);
    if (!size || !resolution)
      lines.push({ text: t.measuredOnly(pixels, Math.max(resolution?.maxSharpWidthIn ?? 0, pixels.width / 300)) });
    else if (resolution.rating === 'sharp') lines.push({ text: t.sharp(pixels, resolution.ppi, size) });
    else if (resolution.rating === 'acceptable')
      lines.push({ text: t.acceptable(pixels, resolution.ppi, size, resolution.requiredWidthPx) });
    else lines.push({ text: t.low(resolution.ppi, size, resolution.requiredWidthPx), warn: true });
  }
  if (decoration === 'embroidery') lines.push({ text: t.embroidery });
  // The region is there as soon as a file is chosen, so the hint appearing moves nothing.
  return (
    <div className="artwork-check" aria-live="polite">
      {lines.map((line) => (
        <p key={line.text} className={line.warn ? 'artwork-warning' : 'small'}>
          {line.text}
        </p>
      ))}
    </div>
  );
}
