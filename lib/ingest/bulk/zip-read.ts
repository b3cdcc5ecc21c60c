/**
 * Entries of a zip archive, one at a time, read from the file by random access (yauzl: central
 * directory first, then each entry inflated on demand): nothing is unpacked to disk and only the
 * entry being read is in memory. Chosen over a forward-only stream reader because EDGAR's bulk
 * archives are plain zips with a central directory, which gives the entry count (the progress total)
 * and the CRC-32 and size of every entry before any is inflated (skip-what-is-done on resume).
 */
import yauzl from 'yauzl';

export interface ArchiveEntry {
  fileName: string;
  /** CRC-32 of the uncompressed bytes, 8 hex digits */
  crc32: string;
  uncompressedSize: number;
  /** inflates the entry (the size is checked against the central directory by yauzl) */
  read(): Promise<Buffer>;
}

export interface OpenArchive {
  entryCount: number;
  entries(): AsyncGenerator<ArchiveEntry>;
  close(): void;
}

export function openArchive(filePath: string): Promise<OpenArchive> {
  return new Promise((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('cannot open archive'));
      resolve({
        entryCount: zip.entryCount,
        close: () => zip.close(),
        entries: () => iterate(zip),
      });
    });
  });
}

async function* iterate(zip: yauzl.ZipFile): AsyncGenerator<ArchiveEntry> {
  for (;;) {
    const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
      const onEntry = (e: yauzl.Entry) => {
        cleanup();
        resolve(e);
      };
      const onEnd = () => {
        cleanup();
        resolve(null);
      };
      const onError = (e: Error) => {
        cleanup();
        reject(e);
      };
      const cleanup = () => {
        zip.off('entry', onEntry);
        zip.off('end', onEnd);
        zip.off('error', onError);
      };
      zip.on('entry', onEntry);
      zip.on('end', onEnd);
      zip.on('error', onError);
      zip.readEntry();
    });
    if (!entry) return;
    if (entry.fileName.endsWith('/')) continue;
    yield {
      fileName: entry.fileName,
      crc32: (entry.crc32 >>> 0).toString(16).padStart(8, '0'),
      uncompressedSize: entry.uncompressedSize,
      read: () => readEntry(zip, entry),
    };
  }
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error(`cannot read ${entry.fileName}`));
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
