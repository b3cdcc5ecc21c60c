/**
 * A minimal streaming zip writer (deflate, no ZIP64): enough for the synthetic EDGAR archives the
 * bench and tests build (≤ 65,535 entries, < 4 GiB). Entries are compressed one at a time and
 * written straight to the file, so memory holds one entry.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

interface Central {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

export class ZipWriter {
  private fd: number;
  private offset = 0;
  private central: Central[] = [];

  constructor(filePath: string) {
    this.fd = fs.openSync(filePath, 'w');
  }

  private write(buf: Buffer): void {
    fs.writeSync(this.fd, buf);
    this.offset += buf.length;
  }

  add(name: string, data: Buffer | string, level = 6): void {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    const deflated = zlib.deflateRawSync(bytes, { level });
    const crc = zlib.crc32(bytes);
    const nameBuf = Buffer.from(name, 'utf8');
    if (this.central.length >= 0xffff || this.offset + deflated.length > 0xfffffff0)
      throw new Error('ZipWriter: archive too large (no ZIP64)');
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4); // version needed
    h.writeUInt16LE(0x0800, 6); // UTF-8 names
    h.writeUInt16LE(8, 8); // deflate
    h.writeUInt16LE(0, 10); // time
    h.writeUInt16LE(0x21, 12); // date 1980-01-01
    h.writeUInt32LE(crc, 14);
    h.writeUInt32LE(deflated.length, 18);
    h.writeUInt32LE(bytes.length, 22);
    h.writeUInt16LE(nameBuf.length, 26);
    h.writeUInt16LE(0, 28);
    this.central.push({ name: nameBuf, crc, compressed: deflated.length, size: bytes.length, offset: this.offset });
    this.write(h);
    this.write(nameBuf);
    this.write(deflated);
  }

  close(): void {
    const start = this.offset;
    for (const c of this.central) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(0x0800, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(0, 12);
      h.writeUInt16LE(0x21, 14);
      h.writeUInt32LE(c.crc, 16);
      h.writeUInt32LE(c.compressed, 20);
      h.writeUInt32LE(c.size, 24);
      h.writeUInt16LE(c.name.length, 28);
      h.writeUInt32LE(c.offset, 42);
      this.write(h);
      this.write(c.name);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.central.length, 8);
    end.writeUInt16LE(this.central.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.write(end);
    fs.closeSync(this.fd);
  }
}
