import { describe, expect, it } from 'vitest';
import { pageScripts } from './warm-routes';

describe('warming a development server', () => {
  it('requests the scripts a page loads from the app, once each, never another origin', () => {
    const html =
      '<script src="/_next/static/chunks/a.js" async=""></script><script src="/_next/static/chunks/b.js"></script>' +
      '<script src="/_next/static/chunks/a.js"></script><script src="https://cdn.example/x.js"></script><script>inline()</script>';
    expect(pageScripts(html)).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/b.js']);
  });
});
