import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@kujiya/shared';
import { createTestApp } from './test/test-app.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const redocly = path.join(root, 'node_modules/.bin/redocly');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location?: { pointer?: string }[] }[];
}

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, unknown>;
};

/**
 * The OpenAPI document passes `redocly lint` with the recommended rules (redocly.yaml) at 0 errors
 * (docs/rules/errors.md): ids, summaries, the security scheme of guarded routes, error answers with codes.
 */
describe('the OpenAPI document', () => {
  it('passes redocly lint with 0 errors and documents codes, schemes, bodies and the PDF', async () => {
    const t = await createTestApp();
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      servers: unknown[];
      paths: Record<string, Record<string, Operation>>;
      components: {
        responses: Record<
          string,
          { content: { 'application/json': { schema: { properties: { code: { enum: string[] } } } } } }
        >;
      };
    };
    await t.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(document));
    const run = await promisify(execFile)(
      redocly,
      ['lint', file, '--format=json', `--config=${path.join(root, 'redocly.yaml')}`],
      {
        cwd: root,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 32 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    fs.rmSync(dir, { recursive: true, force: true });
    const report = JSON.parse(run.stdout) as LintReport;
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);

    expect(document.servers.length).toBeGreaterThan(0);
    const operation = (p: string, m: string) => document.paths[p]![m]!;
    expect(operation('/api/users/update-profile', 'post').security).toEqual([{ bearer: [] }]);
    expect(operation('/api/admin/add-product', 'post').security).toEqual([{ adminBearer: [] }]);
    expect(Object.keys(operation('/api/admin/add-product', 'post').requestBody!.content!)).toEqual([
      'multipart/form-data',
    ]);
    expect(Object.keys(operation('/api/users/update-profile', 'post').requestBody!.content!)).toContain(
      'multipart/form-data',
    );
    expect(operation('/api/payment/webhook', 'post').requestBody).toBeDefined();
    expect(
      Object.keys(
        (operation('/api/admin/shipments/export-pending', 'post').responses['200'] as { content: object }).content,
      ),
    ).toEqual(['application/pdf']);
    expect(operation('/api/users/update-profile', 'post').responses['403']).toEqual({
      $ref: '#/components/responses/Error403',
    });
    expect(document.components.responses.Error403!.content['application/json'].schema.properties.code.enum).toContain(
      ErrorCode.LOGIN_REQUIRED,
    );
    expect(document.components.responses.Error400!.content['application/json'].schema.properties.code.enum).toContain(
      ErrorCode.VALIDATION_FAILED,
    );
    const ids = Object.values(document.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    console.log(`redocly lint: ${report.totals.errors} errors, ${report.totals.warnings} warnings`);
  }, 120_000);
});
