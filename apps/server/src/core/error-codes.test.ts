import fs from 'node:fs';
import type { InjectOptions } from 'fastify';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  accountMessages,
  errorBodySchema,
  errorCodeFor,
  errorCodeOfMessage,
  errorCodeStatuses,
  errorCodeValues,
} from '@kujiya/shared';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { bearer, post, signUp } from '../modules/accounts/test-helpers.ts';
import { HttpError, badRequest, conflict, notFound, tooManyAttempts } from './http-errors.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const sourceText = (dir: string): string =>
  fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .filter((entry) => !entry.parentPath.includes(`${path.sep}common`))
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');

// docs/rules/errors.md: how a code is chosen, and that every error answer carries one.
describe('the code of an HttpError', () => {
  it("is the one named, else extra.code, else the message's own, else the status's default", () => {
    expect(new HttpError(400, 'Anything', {}, {}, ErrorCode.MINIMUM_TICKETS).code).toBe(ErrorCode.MINIMUM_TICKETS);
    expect(badRequest('a\nb', { code: ErrorCode.EXPIRED_SHIPPING }).code).toBe(ErrorCode.EXPIRED_SHIPPING);
    expect(conflict(accountMessages.usernameTaken).code).toBe(ErrorCode.USERNAME_TAKEN);
    expect(badRequest('Not enough tokens: this purchase costs 5 tokens, you need 2 more.').code).toBe(
      ErrorCode.INSUFFICIENT_TOKENS,
    );
    expect(tooManyAttempts(30_000).code).toBe(ErrorCode.RATE_LIMITED);
    expect(notFound('Token package not found').code).toBe(ErrorCode.NOT_FOUND);
    expect(badRequest('Quantity must be positive').code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(new HttpError(502, 'Unable to send verification code.').code).toBe(ErrorCode.UPSTREAM_FAILED);
  });

  it('is answered as { message, code, ...extra }, the code once', () => {
    const error = badRequest('Not enough tickets left', { ticketsLeft: 2, code: 'not-a-code' });
    expect(error.body()).toEqual({
      message: 'Not enough tickets left',
      code: ErrorCode.NOT_ENOUGH_TICKETS,
      ticketsLeft: 2,
    });
  });
});

describe('the code tables', () => {
  it('name only texts the server or the shared package still has', () => {
    const text = sourceText(path.join(root, 'apps/server/src')) + sourceText(path.join(root, 'packages/shared/src'));
    const stale = Object.keys(errorCodeOfMessage).filter(
      (message) => !text.includes(message.slice(0, 40).replace(/'/g, "\\'")) && !text.includes(message.slice(0, 40)),
    );
    expect(stale).toEqual([]);
  });

  it("give each code its statuses, the message's code among the statuses it is thrown with", () => {
    expect(Object.keys(errorCodeStatuses).sort()).toEqual(Object.keys(ErrorCode).sort());
    for (const [message, code] of Object.entries(errorCodeOfMessage)) {
      expect(errorCodeFor(500, message), message).toBe(code);
    }
  });

  it('are all in the catalogue page, each with a status it is answered with', () => {
    const page = fs.readFileSync(path.join(root, 'docs/rules/errors.md'), 'utf8');
    const missing = errorCodeValues.filter((code) => !new RegExp(`^\\| \`${code}\` \\| [^|]*\\d{3}`, 'm').test(page));
    expect(missing).toEqual([]);
  });
});

describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const answer = async (request: InjectOptions) => {
    const res = await t.app.inject(request);
    const body = res.json() as unknown;
    expect(errorBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
    return { status: res.statusCode, body: body as { message: string; code: string } };
  };

  it('carry a code on every path: route, validation, JSON, media type, size, guards and services', async () => {
    expect(await answer({ method: 'GET', url: '/api/no-such-route' })).toEqual({
      status: 404,
      body: { message: 'Not found', code: ErrorCode.NOT_FOUND },
    });
    expect((await answer({ method: 'GET', url: '/api/prizes/not-a-uuid/also-not' })).body.code).toBe(
      ErrorCode.VALIDATION_FAILED,
    );
    const malformed = await answer({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed).toMatchObject({ status: 400, body: { code: ErrorCode.VALIDATION_FAILED } });
    const media = await answer({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(media).toMatchObject({ status: 415, body: { code: ErrorCode.UNSUPPORTED_MEDIA_TYPE } });
    const large = await answer({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: 'x'.repeat(1_100_000), password: 'y' },
    });
    expect(large).toMatchObject({ status: 413, body: { code: ErrorCode.PAYLOAD_TOO_LARGE } });
    expect(await answer({ method: 'GET', url: '/api/token/balance' })).toEqual({
      status: 403,
      body: { message: 'Please login first.', code: ErrorCode.LOGIN_REQUIRED },
    });
    expect(await answer({ method: 'GET', url: '/api/admin/sets' })).toEqual({
      status: 401,
      body: { message: 'Admin authentication required', code: ErrorCode.ADMIN_LOGIN_REQUIRED },
    });
    const login = await answer({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: 'nobody', password: 'Wrong-pass1!' },
    });
    expect(login).toEqual({
      status: 401,
      body: { message: accountMessages.invalidLogin, code: ErrorCode.INVALID_LOGIN },
    });
  });

  it('carry the specific code of a taken e-mail, and the admin guard refuses a shopper with its code', async () => {
    const shopper = await signUp(t, { username: 'coded1', email: 'coded1@example.com' });
    const taken = await post(t, '/api/users/check-email', { email: 'coded1@example.com' });
    expect(taken.json()).toEqual({ message: accountMessages.emailTaken, code: ErrorCode.EMAIL_TAKEN });
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/sets', headers: bearer(shopper.token) });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ message: 'Admin authentication required', code: ErrorCode.ADMIN_LOGIN_REQUIRED });
  });
});
