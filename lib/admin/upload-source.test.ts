import { describe, expect, it } from 'vitest';
import { checkUpload, MAX_UPLOAD_BYTES, sanitizeUploadName } from './upload-source';

describe('upload names and types', () => {
  it.each([
    ['../../etc/passwd.json', 'passwd.json'],
    ['..\\..\\windows\\system32\\cfg.xml', 'cfg.xml'],
    ['/abs/path/report.htm', 'report.htm'],
    ['....json', 'upload.json'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['a\u0000b.json', 'ab.json'],
    ['<script>alert(1)</script>.html', 'script_.html'],
    ['<img src=x onerror=alert(1)>.htm', 'img src_x onerror_alert(1)_.htm'],
    ['CIK0000320193 companyfacts (1).JSON', 'CIK0000320193 companyfacts (1).json'],
    [`${'x'.repeat(500)}.xml`, `${'x'.repeat(116)}.xml`],
  ])('%j → %j', (raw, want) => {
    const name = sanitizeUploadName(raw);
    expect(name).toBe(want);
    expect(name).not.toMatch(/[\\/]|\.\./);
  });

  it.each([['malware.exe'], ['archive.tar.gz'], ['noext'], ['../../x.sh'], ['']])('refuses %j', (raw) => {
    expect(() => sanitizeUploadName(raw)).toThrow(/cannot be uploaded/);
  });

  it('checks size and that the bytes match the extension', () => {
    expect(() => checkUpload('a.json', Buffer.alloc(0))).toThrow(/empty/);
    expect(() => checkUpload('a.json', Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20))).toThrow(/limited/);
    expect(() => checkUpload('a.pdf', Buffer.from('{"cik": 1}'))).toThrow(/does not look like/);
    expect(() => checkUpload('a.json', Buffer.from('<html></html>'))).toThrow(/does not look like/);
    expect(() => checkUpload('a.json', Buffer.from('\uFEFF{"cik": 1}'))).not.toThrow();
    expect(() => checkUpload('a.pdf', Buffer.from('%PDF-1.7\n...'))).not.toThrow();
  });
});
