import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  errorCodesOfStatus,
  newProductFormSchema,
  updateProfileFieldsSchema,
} from '@kujiya/shared';
import type { Guards } from './core/auth.ts';
import { declaredErrorCodes, isRateLimitHook } from './core/error-answers.ts';
import { errorAnswersOf, errorResponse, listsEveryCode, type Guard, type RouteFacts } from './openapi-errors.ts';

/**
 * What the OpenAPI document says of each operation beyond its declared schemas (docs/rules/errors.md,
 * docs/architecture.md "The contract at the boundary"): an operationId and a summary, the bearer or
 * admin scheme of a guarded route, its error answers with their codes, the request bodies a route reads
 * itself (multipart forms, the raw signed webhook) and the PDF's media type. Read from the route table,
 * so a new route is covered without being listed.
 */

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};
type Document = {
  servers?: unknown[];
  components?: Record<string, Record<string, unknown>>;
  paths?: Record<string, Record<string, Operation>>;
};

const hooksOf = (route: RouteOptions) =>
  [route.onRequest, route.preValidation, route.preHandler].flatMap((hook) =>
    Array.isArray(hook) ? hook : hook ? [hook] : [],
  );

/** Which guard a route runs, by identity with the app's guards (whichever hook it is on). */
function guardOf(route: RouteOptions, guards: Guards): Guard {
  const hooks = hooksOf(route) as unknown[];
  if (hooks.includes(guards.requireAdmin)) return 'admin';
  if (hooks.includes(guards.requireUser)) return 'user';
  if (hooks.includes(guards.optionalUser)) return 'optional';
  return null;
}

/** Collects the facts of every /api route as it is added (an onRoute hook). */
export function collectRouteFacts(guards: Guards) {
  const facts = new Map<string, RouteFacts>();
  const onRoute = (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const schema = (route.schema ?? {}) as {
      params?: unknown;
      querystring?: unknown;
      body?: unknown;
      consumes?: unknown;
      response?: Record<string, unknown>;
    };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      const hasBody = Boolean(schema.body || schema.consumes) || key in REQUEST_BODIES;
      facts.set(key, {
        guard: guardOf(route, guards),
        hasParams: route.url.includes(':'),
        hasBody,
        limited: hooksOf(route).some(isRateLimitHook),
        idempotent: route.config?.idempotent === true,
        declared: declaredErrorCodes(schema.response),
      });
    }
  };
  return { facts, onRoute };
}

const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};
const binary = { type: 'string', format: 'binary' };

/** Request bodies a route reads itself (declaring them would make Fastify parse them as JSON). */
const REQUEST_BODIES: Record<string, () => unknown> = {
  'POST /api/users/update-profile': () => {
    const fields = jsonSchema(updateProfileFieldsSchema) as { properties?: Record<string, unknown> };
    const form = { ...fields, properties: { ...fields.properties, profileImage: binary } };
    return {
      description:
        'The profile form: its text fields and an optional picture (`profileImage`); JSON without a picture.',
      required: true,
      content: {
        'multipart/form-data': { schema: form },
        'application/json': { schema: jsonSchema(updateProfileFieldsSchema) },
      },
    };
  },
  'POST /api/admin/add-product': () => {
    const fields = jsonSchema(newProductFormSchema) as { properties?: Record<string, unknown>; required?: string[] };
    const images = {
      productImage: binary,
      ...Object.fromEntries(Array.from({ length: 27 }, (_, i) => [`prizeImage${i}`, binary])),
    };
    return {
      description: 'The new set: its text fields, `productImage` and one `prizeImage<n>` per prize.',
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            ...fields,
            properties: { ...fields.properties, ...images },
            required: [...(fields.required ?? []), 'productImage'],
          },
        },
      },
    };
  },
  'POST /api/admin/images': () => ({
    description: 'One image file, `image` (SVG, PNG, JPEG or WebP, at most 5 MB).',
    required: true,
    content: {
      'multipart/form-data': { schema: { type: 'object', required: ['image'], properties: { image: binary } } },
    },
  }),
  'POST /api/payment/webhook': () => ({
    description: "The gateway's event, as the exact bytes it signed (checked against the `Stripe-Signature` header).",
    required: true,
    content: {
      'application/json': {
        schema: { type: 'object', description: "A payment gateway event (the gateway's own shape)." },
      },
    },
  }),
};

/** Extra parameters of routes that read a header themselves. */
const HEADER_PARAMETERS: Record<string, unknown[]> = {
  'POST /api/payment/webhook': [
    {
      in: 'header',
      name: 'Stripe-Signature',
      required: true,
      description: "The gateway's signature of the raw body.",
      schema: { type: 'string' },
    },
  ],
};

/** The header of the money calls (`config: { idempotent: true }`). */
const IDEMPOTENCY_KEY_PARAMETER = {
  in: 'header',
  name: IDEMPOTENCY_KEY_HEADER,
  required: false,
  description:
    'Names one user action: the same key from the same shopper within 24 hours replays the first answer ' +
    '(with `Idempotent-Replayed: true`) instead of running again; another body with it answers 422.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
};

/** Answers that are not JSON. */
const MEDIA_RESPONSES: Record<string, { status: string; type: string; description: string }> = {
  'POST /api/admin/shipments/export-pending': {
    status: '200',
    type: 'application/pdf',
    description: 'The labels of every pending paid shipment, one page each.',
  },
};

const words = (segment: string) => segment.replace(/[{}]/g, '').split(/[-_]/).filter(Boolean);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `POST /api/users/update-profile` → postUsersUpdateProfile; a path parameter reads `ByOrderId`. */
function operationIdOf(method: string, path: string): string {
  const parts = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const named = parts.map((part) =>
    part.startsWith('{') ? `By${capital(part.slice(1, -1))}` : words(part).map(capital).join(''),
  );
  return method.toLowerCase() + named.join('');
}

const VERB: Record<string, string> = { get: 'Get', post: 'Post', put: 'Update', patch: 'Change', delete: 'Delete' };
/** A readable summary from the path: `GET /api/order/status/{orderId}` → "Get order status (by orderId)". */
function summaryOf(method: string, path: string): string {
  const parts = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const text = parts
    .filter((p) => !p.startsWith('{'))
    .flatMap(words)
    .join(' ');
  const params = parts.filter((p) => p.startsWith('{')).map((p) => p.slice(1, -1));
  return `${VERB[method] ?? capital(method)} ${text}${params.length ? ` (by ${params.join(', ')})` : ''}`;
}

const SECURITY: Record<Exclude<Guard, null>, Record<string, string[]>[]> = {
  user: [{ bearer: [] }],
  admin: [{ adminBearer: [] }],
  optional: [{ bearer: [] }, {}],
};

/** Completes the document built from the declared schemas (the swagger plugin's transformObject). */
export function completeDocument(document: Document, facts: Map<string, RouteFacts>): Document {
  const errorStatusesUsed = new Set<number>();
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    const route = path.replace(/\{([^}]+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${route}`;
      const fact = facts.get(key);
      operation.operationId = operationIdOf(method, path);
      operation.summary ??= summaryOf(method, path);
      operation.security = fact?.guard ? SECURITY[fact.guard] : [];
      if (REQUEST_BODIES[key]) operation.requestBody = REQUEST_BODIES[key]();
      const headers = [...(HEADER_PARAMETERS[key] ?? []), ...(fact?.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : [])];
      if (headers.length > 0)
        operation.parameters = [...(operation.parameters ?? []).filter((p) => !headers.includes(p)), ...headers];
      const media = MEDIA_RESPONSES[key];
      operation.responses ??= {};
      if (media)
        operation.responses[media.status] = {
          description: media.description,
          content: { [media.type]: { schema: binary } },
        };
      // Every error answer with its codes: the shared `Error<status>` when it may carry any code of its
      // status, else its own list (openapi-errors.ts).
      for (const [status, codes] of errorAnswersOf(method.toUpperCase(), fact)) {
        const shared = listsEveryCode(status, codes);
        if (shared) errorStatusesUsed.add(status);
        operation.responses[String(status)] = shared
          ? { $ref: `#/components/responses/Error${status}` }
          : errorResponse(status, codes);
      }
    }
  }
  const responses = Object.fromEntries(
    [...errorStatusesUsed]
      .sort()
      .map((status) => [`Error${status}`, errorResponse(status, errorCodesOfStatus(status))]),
  );
  document.components = { ...document.components, responses: { ...document.components?.responses, ...responses } };
  return document;
}
