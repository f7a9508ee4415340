import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The size gate (docs/architecture.md, "Size limits"): no source file over MAX_FILE_LINES lines and no
 * function over MAX_FUNCTION_LINES lines in the server, the web and the shared package, read with the
 * TypeScript compiler. Tests, test helpers and demo data are not checked; declarative tables, functions
 * that return JSX (components) and route lists (functions that only register routes or return data)
 * are exempt from the function limit.
 */
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const sourceRoots = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];

const notChecked = [
  /\.test\.tsx?$/,
  /\.e2e\.ts$/,
  /(^|\/)(testing|test-helpers)\.tsx?$/,
  /(^|\/)test\//,
  /^apps\/server\/src\/demo\//,
  /\.d\.ts$/,
];
/** Declarative tables: Drizzle table definitions only. */
const declarative = [/(^|\/)tables\.ts$/, /^apps\/server\/src\/db\/schema\.ts$/];

interface SizeFinding {
  file: string;
  line: number;
  lines: number;
  kind: 'file' | 'function';
  name: string;
}

function isJsx(node: ts.Node | undefined): boolean {
  if (!node) return false;
  if (ts.isParenthesizedExpression(node)) return isJsx(node.expression);
  if (ts.isConditionalExpression(node)) return isJsx(node.whenTrue) || isJsx(node.whenFalse);
  if (ts.isBinaryExpression(node)) return isJsx(node.right);
  return ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node);
}

/** A component: a function whose own returns (not those of nested functions) give JSX. */
function returnsJsx(fn: ts.FunctionLikeDeclaration): boolean {
  if (!fn.body) return false;
  if (!ts.isBlock(fn.body)) return isJsx(fn.body);
  let found = false;
  const visit = (node: ts.Node) => {
    if (found || ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && isJsx(node.expression)) found = true;
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return found;
}

/** Data: a literal whose functions, if any, are one expression each (`lazy: () => import(...)`). */
function onlyData(literal: ts.Node): boolean {
  let data = true;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body && ts.isBlock(node.body as ts.Node)) data = false;
    else ts.forEachChild(node, visit);
  };
  visit(literal);
  return data;
}

/**
 * A route list: it only registers on the app it is given (`app.get(...)`, `app.addHook(...)`,
 * `plugin(app)`), names aliases (`const x = services.x`) or returns a literal list.
 */
function isRouteList(fn: ts.FunctionLikeDeclaration): boolean {
  if (!fn.body || !ts.isBlock(fn.body)) return false;
  const app = fn.parameters[0]?.name;
  const appName = app && ts.isIdentifier(app) ? app.text : null;
  const isApp = (node: ts.Node | undefined) => !!node && ts.isIdentifier(node) && node.text === appName;
  const isAlias = (node: ts.Expression | undefined) =>
    !!node && (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node));
  return fn.body.statements.every((statement) => {
    if (ts.isReturnStatement(statement)) {
      const value = statement.expression;
      return !value || ((ts.isArrayLiteralExpression(value) || ts.isObjectLiteralExpression(value)) && onlyData(value));
    }
    if (ts.isVariableStatement(statement))
      return statement.declarationList.declarations.every((d) => isAlias(d.initializer));
    if (!ts.isExpressionStatement(statement)) return false;
    let call = statement.expression;
    if (ts.isAwaitExpression(call)) call = call.expression;
    if (!ts.isCallExpression(call)) return false;
    const callee = call.expression;
    return (ts.isPropertyAccessExpression(callee) && isApp(callee.expression)) || isApp(call.arguments[0]);
  });
}

function functionName(fn: ts.FunctionLikeDeclaration): string {
  if (fn.name) return fn.name.getText();
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** The findings of one source text (`file` is its path from the repository root). */
function sizeFindings(file: string, text: string): SizeFinding[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const findings: SizeFinding[] = [];
  const fileLines = text.endsWith('\n') ? lineOf(text.length) - 1 : lineOf(text.length);
  if (declarative.some((pattern) => pattern.test(file))) return findings;
  if (fileLines > MAX_FILE_LINES)
    findings.push({ file, line: 1, lines: fileLines, kind: 'file', name: path.basename(file) });
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const start = lineOf(fn.getStart(source));
      const lines = lineOf(fn.end) - start + 1;
      if (lines > MAX_FUNCTION_LINES && !returnsJsx(fn) && !isRouteList(fn)) {
        findings.push({ file, line: start, lines, kind: 'function', name: functionName(fn) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name) && !notChecked.some((pattern) => pattern.test(relative)))
        files.push(relative);
    }
  };
  sourceRoots.forEach(walk);
  return files;
}

const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('size gate', () => {
  it('finds long files and functions, and exempts components and route lists', () => {
    const long = `export function big() {\n${body(80)}\n}\n`;
    expect(sizeFindings('a/x.ts', long)).toEqual([
      { file: 'a/x.ts', line: 1, lines: 82, kind: 'function', name: 'big' },
    ]);
    expect(sizeFindings('a/x.ts', `export const ok = () => {\n${body(78)}\n};\n`)).toEqual([]);
    expect(sizeFindings('a/x.ts', `${body(401)}\n`).map((f) => f.kind)).toEqual(['file']);
    const component = `export function Page() {\n${body(90)}\n  return <div />;\n}\n`;
    expect(sizeFindings('a/Page.tsx', component)).toEqual([]);
    const hook = `export function useThing() {\n${body(90)}\n  return { a: () => <div /> };\n}\n`;
    expect(sizeFindings('a/hook.tsx', hook).map((f) => f.name)).toEqual(['useThing']);
    const routes = `export const r = (app) => {\n${Array.from({ length: 90 }, () => "  app.get('/x', {}, () => 1);").join('\n')}\n};\n`;
    expect(sizeFindings('a/routes.ts', routes)).toEqual([]);
    const notRoutes = `export const r = (app) => {\n  const n = count();\n${Array.from({ length: 90 }, () => "  app.get('/x', {}, () => n);").join('\n')}\n};\n`;
    expect(sizeFindings('a/routes.ts', notRoutes).map((f) => f.name)).toEqual(['r']);
    const facade = `export function createX(deps) {\n  const a = deps.a;\n  return {\n    run() {\n${body(85)}\n    },\n  };\n}\n`;
    expect(sizeFindings('a/s.ts', facade).map((f) => f.name)).toEqual(['createX', 'run']);
    const method = `const s = {\n  run() {\n${body(85)}\n  },\n};\n`;
    expect(sizeFindings('a/s.ts', method).map((f) => f.name)).toEqual(['run']);
  });

  it(`keeps every source file under ${MAX_FILE_LINES} lines and every function under ${MAX_FUNCTION_LINES}`, () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const findings = files
      .flatMap((file) => sizeFindings(file, fs.readFileSync(path.join(repoRoot, file), 'utf8')))
      .map((f) => `${f.file}:${f.line} ${f.kind} ${f.name}: ${f.lines} lines`);
    expect(findings).toEqual([]);
  });
});
