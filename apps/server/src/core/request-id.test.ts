import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { DATABASE_BUSY, answerErrors } from './http-setup.ts';
import { answerWithRequestId, requestIdGenerator } from './request-id.ts';

describe('request ids on error answers', () => {
  it('puts the request id in a 500 body beside { message, code }, the same as its header', async () => {
    const app = Fastify({ logger: false, genReqId: requestIdGenerator(1), requestIdHeader: false });
    answerWithRequestId(app);
    answerErrors(app, loadConfig({ NODE_ENV: 'test' }));
    app.get('/boom', async () => {
      throw new Error('database exploded');
    });
    const res = await app.inject({ method: 'GET', url: '/boom', headers: { 'x-request-id': 'support-ticket-7' } });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('support-ticket-7');
    expect(res.json()).toEqual({ message: 'Internal Server Error', code: 'INTERNAL', requestId: 'support-ticket-7' });
    await app.close();
  });

  it('answers a database out of connections with 503 and Retry-After, not a 500', async () => {
    const app = Fastify({ logger: false, genReqId: requestIdGenerator(1), requestIdHeader: false });
    answerWithRequestId(app);
    answerErrors(app, loadConfig({ NODE_ENV: 'test' }));
    app.get('/crowded', async () => {
      const refused = new pg.DatabaseError('sorry, too many clients already', 0, 'error');
      refused.code = '53300';
      throw new DrizzleQueryError('select …', [], refused);
    });
    const res = await app.inject({ method: 'GET', url: '/crowded' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ message: DATABASE_BUSY, code: 'SERVICE_UNAVAILABLE' });
  });
});
