import { describe, expect, it } from 'vitest';
import { readPushPayload, sameOriginPath } from './push-payload';

const ORIGIN = 'https://kujiya.example';

describe('readPushPayload', () => {
  it('reads the four fields the server sends', () => {
    const raw = JSON.stringify({
      title: 'Set opens',
      body: 'One Piece is live',
      url: '/ichiban-kuji-products/abc',
      tag: 'set-open:abc',
    });
    expect(readPushPayload(raw, ORIGIN)).toEqual({
      title: 'Set opens',
      body: 'One Piece is live',
      url: '/ichiban-kuji-products/abc',
      tag: 'set-open:abc',
    });
  });

  it('still shows the shop for an empty or broken message', () => {
    expect(readPushPayload(null, ORIGIN)).toEqual({ title: 'Kujiya', body: '', url: '/', tag: 'kujiya' });
    expect(readPushPayload('not json', ORIGIN).title).toBe('Kujiya');
    expect(readPushPayload(JSON.stringify({ title: 7, url: 3 }), ORIGIN)).toEqual({
      title: 'Kujiya',
      body: '',
      url: '/',
      tag: 'kujiya',
    });
  });
});

describe('sameOriginPath', () => {
  it('keeps a path of this shop with its query and fragment', () => {
    expect(sameOriginPath('/inventory?tab=ship#top', ORIGIN)).toBe('/inventory?tab=ship#top');
  });

  it('opens the home page instead of another site or a script', () => {
    for (const url of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', 'inventory', 42])
      expect(sameOriginPath(url, ORIGIN), String(url)).toBe('/');
  });
});
