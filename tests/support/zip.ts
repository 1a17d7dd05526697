import yauzl from 'yauzl';

/** Every entry of a ZIP (a path or a buffer), by name, in archive order. */
export function zipEntries(source: string | Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const onOpen = (err: Error | null, zip?: yauzl.ZipFile) => {
      if (err || !zip) return reject(err ?? new Error('not a ZIP'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(out));
      zip.readEntry();
    };
    if (typeof source === 'string') yauzl.open(source, { lazyEntries: true }, onOpen);
    else yauzl.fromBuffer(source, { lazyEntries: true }, onOpen);
  });
}
