import { describe, expect, it } from 'vitest';
import { GET } from './route';

describe('/favicon.ico', () => {
  it('redirects to the app icon instead of answering 404', () => {
    const res = GET(new Request('http://localhost:3000/favicon.ico'));
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('http://localhost:3000/icon.svg');
  });
});
