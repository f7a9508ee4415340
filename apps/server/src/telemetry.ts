import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

/**
 * OpenTelemetry traces (docs/operations.md, "Request ids, logs and traces"): HTTP in and out,
 * Fastify's routes, PostgreSQL and Redis, exported over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (the exporter reads
 * it and the other standard OTEL_EXPORTER_OTLP_* variables itself). main.ts imports this file only
 * when the endpoint is set, and before any server module: the instrumentations patch http, pg and
 * ioredis as they are loaded, which for ES modules takes the loader hook registered here first.
 * Returns what flushes and stops the exporter at shutdown.
 */
export function startTelemetry(options: { instanceName: string }): () => Promise<void> {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': process.env.OTEL_SERVICE_NAME ?? 'kujiya',
      'service.instance.id': options.instanceName,
    }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // The probes of the load balancer would be most of the traces: they are left out.
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => /^\/(healthz|readyz)\b/.test(request.url ?? ''),
      }),
      // Fastify's own spans (route, hooks, handler); its handler runs in the request's trace, also after
      // a body was read, so the handler's queries join the request's trace.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: (route) => /^\/(healthz|readyz)$/.test(route.url),
      }),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  return () => provider.shutdown();
}
