import http from 'node:http';
import { describe, expect, it } from 'vitest';
import helmet from 'helmet';
import { helmetHeaders } from './security-headers.ts';

describe('helmetHeaders', () => {
  it('makes exactly the headers helmet sets on a real response', async () => {
    const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] } }, crossOriginEmbedderPolicy: false };
    const server = http.createServer((req, res) => helmet(options)(req, res, () => res.end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/`);
    server.close();
    const real = Object.fromEntries([...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)));
    expect(helmetHeaders(options)).toEqual(real);
    expect(real['content-security-policy']).toContain("img-src 'self' data:");
  });
});
