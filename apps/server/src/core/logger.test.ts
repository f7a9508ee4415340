import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { loggerOptions, RequestLogController } from './logger.ts';

describe('the server log', () => {
  it('is pretty on a terminal and JSON otherwise', () => {
    expect(loggerOptions('info', undefined, true)).toMatchObject({
      level: 'info',
      transport: { target: 'pino-pretty' },
    });
    expect(loggerOptions('info', undefined, false)).toEqual({ level: 'info' });
    expect(loggerOptions('info', 'shop-1', false)).toMatchObject({ level: 'info', base: { instance: 'shop-1' } });
  });

  it('writes one request line per request, at debug level only', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    for (const level of ['info', 'debug'] as const) {
      lines.length = 0;
      const app = Fastify({ logger: { level, stream }, logController: new RequestLogController() });
      app.get('/ping', async () => ({ ok: true }));
      await app.inject({ method: 'GET', url: '/ping' });
      await app.close();
      const requestLines = lines.filter((l) => l.msg === 'GET /ping 200');
      expect(requestLines).toHaveLength(level === 'debug' ? 1 : 0);
      if (level === 'debug') expect(requestLines[0]!.level).toBe(20);
      expect(lines.filter((l) => /incoming request|request completed/.test(l.msg))).toEqual([]);
    }
  });
});
