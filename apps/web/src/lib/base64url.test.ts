import { describe, expect, it } from 'vitest';
import { base64UrlBytes } from './base64url';

describe('base64UrlBytes', () => {
  it('decodes base64url with or without padding, including the URL-safe characters', () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0xbf, 0x00, 0x41]);
    const text = Buffer.from(bytes).toString('base64url');
    expect(text).toBe('-_-_AEE');
    expect(base64UrlBytes(text)).toEqual(bytes);
    expect(base64UrlBytes(`${text}=`)).toEqual(bytes);
  });

  it('gives the 65 bytes of a VAPID public key', () => {
    const key = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    expect(base64UrlBytes(Buffer.from(key).toString('base64url'))).toEqual(key);
  });
});
