import crypto from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import stringify from 'safe-stable-stringify';
import {
  ErrorCode,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyMessages as M,
  isIdempotencyKey,
} from '@kujiya/shared';
import type { Db } from '../../db/database.ts';
import { HttpError, badRequest } from '../../core/http-errors.ts';
import { runWithClaim, type IdempotencyClaim } from '../../core/idempotency-scope.ts';
import {
  deleteStaleClaim,
  findClaim,
  insertClaim,
  releaseClaim,
  storeAnswer,
  takeOverClaim,
  type ClaimRequest,
  type FoundClaim,
} from './claims.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A money call that accepts `Idempotency-Key` (docs/operations.md, "Idempotent money calls"). */
    idempotent?: boolean;
  }
}

/** How long a retry waits for the first request with its key to finish, and how often it looks. */
export const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;

const claimOfRequest = new WeakMap<FastifyRequest, IdempotencyClaim>();
/** Requests whose handler ran with their claim: only their answer is the call's own. */
const handlerStarted = new WeakSet<FastifyRequest>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The header's key, or undefined without one; a malformed one is a 400. */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !isIdempotencyKey(header)) throw badRequest(M.invalid);
  return header;
}

/** The call a key names: method, route pattern and a SHA-256 of its canonical params, query and body. */
function fingerprintOf(request: FastifyRequest): string {
  const input = stringify({ params: request.params ?? {}, query: request.query ?? {}, body: request.body ?? null });
  const digest = crypto
    .createHash('sha256')
    .update(input ?? '')
    .digest('hex');
  return `${request.method} ${request.routeOptions.url} ${digest}`;
}

function replay(reply: FastifyReply, found: FoundClaim): FastifyReply {
  return reply
    .code(found.responseStatus!)
    .header('content-type', 'application/json; charset=utf-8')
    .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    .send(found.responseBody);
}

/**
 * Claims the key or answers from the first request with it: the stored answer (replayed), 422 for a
 * different call, or, while the first still runs, waits for it; never a second execution. A claim
 * whose request died before committing (lease over, nothing committed) is taken over.
 */
async function claimOrAnswer(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  onReplay: () => void,
): Promise<FastifyReply | void> {
  const key = keyOf(request);
  const userId = request.user?.id;
  if (key === undefined || userId === undefined) return;
  const wanted: ClaimRequest = { userId, key, fingerprint: fingerprintOf(request) };
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const claimed = await insertClaim(db, wanted);
    if (claimed) return void claimOfRequest.set(request, claimed);
    const found = await findClaim(db, userId, key);
    if (!found) continue; // purged in between: claim it afresh
    if (found.stale) {
      await deleteStaleClaim(db, found.id);
      continue;
    }
    if (found.fingerprint !== wanted.fingerprint) throw new HttpError(422, M.mismatch);
    if (found.state === 'done') {
      onReplay();
      return replay(reply, found);
    }
    if (found.leaseExpired) {
      if (found.committed) throw new HttpError(409, M.spent, {}, {}, ErrorCode.IDEMPOTENCY_KEY_SPENT);
      const taken = await takeOverClaim(db, found);
      if (taken) {
        request.log.warn({ idempotencyClaim: found.id }, 'took over an idempotency claim whose request died');
        return void claimOfRequest.set(request, taken);
      }
      continue;
    }
    if (Date.now() > deadline) throw new HttpError(409, M.inUse, {}, { 'Retry-After': '1' });
    await sleep(POLL_MS);
  }
}

/**
 * Stores the owner's final answer (2xx, 4xx). After a 5xx, or a refusal before the handler ran (the
 * route's rate limit, which comes after the claim), releases the claim (see `releaseClaim`): that
 * answer is not the call's, so a retry with the key runs it.
 */
async function settleClaim(db: Db, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const claim = claimOfRequest.get(request);
  if (!claim) return;
  claimOfRequest.delete(request);
  const handled = handlerStarted.delete(request);
  const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (!handled || reply.statusCode >= 500 || body === null) await releaseClaim(db, claim);
  else await storeAnswer(db, claim, reply.statusCode, body);
}

const asList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * The routes declared with `config: { idempotent: true }` accept `Idempotency-Key`: a claim after the
 * guard and validation (their 400/401/403 are not stored) and before the route's rate limit, so a
 * replay is answered without counting against it (`applyRouteLimits` is registered after this); a
 * 429 of that limit releases the claim. The handler runs with the claim in scope (its transaction
 * marks it, core/after-commit.ts), and the answer is stored on the way out. Registered before the
 * routes (and before compression, so the stored body is the plain JSON).
 */
export function makeMoneyCallsIdempotent(app: FastifyInstance, db: Db, onReplay: () => void): void {
  const claimHook: preHandlerHookHandler = (request, reply) => claimOrAnswer(db, request, reply, onReplay);
  const settleHook: onSendHookHandler = async (request, reply, payload) => {
    try {
      await settleClaim(db, request, reply, payload);
    } catch (err) {
      // The answer goes out whatever became of its record: a committed purchase is never turned into
      // a failure by the database going away after its commit. A token purchase's answer was stored
      // in its own transaction; another call's key answers IDEMPOTENCY_KEY_SPENT once its lease ends
      // (docs/operations.md, "Database outages").
      request.log.warn({ err, statusCode: reply.statusCode }, 'idempotency answer not recorded; sent anyway');
    }
    return payload;
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [...asList(route.preHandler), claimHook];
    route.onSend = [...asList(route.onSend), settleHook];
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const claim = claimOfRequest.get(request);
      if (!claim) return handler.call(this, request, reply);
      handlerStarted.add(request);
      return runWithClaim(claim, () => handler.call(this, request, reply));
    };
  });
}
