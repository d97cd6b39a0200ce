/**
 * Netlify reads a function's `config` export statically, when it bundles the function: a `path`
 * that is not written out as a string (a constant imported from src/shared, say) is silently
 * dropped, and the function then answers only at /.netlify/functions/<name> in production,
 * while the dev runtime and the function tests, which import the module, still route it.
 * This test holds every function in netlify/functions to a literal `path` (or a `schedule`), and
 * holds the literals to the one list of API paths the browser uses (src/shared/api-paths.ts), so
 * that list and the deployed routes cannot drift apart (docs/architecture.md, "Where things go").
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/shared/api-paths';

const FUNCTIONS = path.resolve(__dirname, '../../netlify/functions');

interface StaticConfig {
  /** The literal paths, or null when `path` is present but not written out as strings. */
  paths: string[] | null;
  hasSchedule: boolean;
  nonLiteral: string[];
}

/** The `config` export of a function's source as Netlify's bundler sees it (string literals only). */
function staticConfig(file: string): StaticConfig | undefined {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name) || decl.name.text !== 'config' || !decl.initializer || !ts.isObjectLiteralExpression(decl.initializer)) continue;
      const result: StaticConfig = { paths: [], hasSchedule: false, nonLiteral: [] };
      for (const prop of decl.initializer.properties) {
        if (!ts.isPropertyAssignment(prop) || !ts.isIdentifier(prop.name)) {
          result.nonLiteral.push(prop.getText());
          continue;
        }
        const key = prop.name.text;
        const value = prop.initializer;
        const literals = ts.isStringLiteralLike(value)
          ? [value.text]
          : ts.isArrayLiteralExpression(value) && value.elements.every(ts.isStringLiteralLike)
            ? value.elements.map((e) => (e as ts.StringLiteralLike).text)
            : null;
        if (key === 'schedule') result.hasSchedule = true;
        if (key === 'path') result.paths = literals;
        if (['path', 'excludedPath', 'method', 'schedule'].includes(key) && !literals) result.nonLiteral.push(key);
      }
      return result;
    }
  }
  return undefined;
}

const files = readdirSync(FUNCTIONS).filter((f) => /\.m?ts$/.test(f));
const configs = new Map(files.map((f) => [f, staticConfig(path.join(FUNCTIONS, f))]));

describe('function routes as Netlify deploys them', () => {
  it('reads every function', () => {
    expect(files.length).toBeGreaterThan(80);
  });

  it('every function has a config whose path, excludedPath, method and schedule are written out as strings', () => {
    const wrong = [...configs].filter(([, c]) => !c || c.nonLiteral.length > 0 || (!c.hasSchedule && !c.paths?.length)).map(([f, c]) => `${f}: ${c ? c.nonLiteral.join(', ') || 'no path' : 'no config'}`);
    expect(wrong).toEqual([]);
  });

  it('every path of the browser API list is deployed by exactly one function', () => {
    const deployed = [...configs.values()].flatMap((c) => c?.paths ?? []);
    const missing = Object.entries(apiPaths)
      .filter(([, p]) => typeof p === 'string' && p.startsWith('/api/'))
      .filter(([, p]) => deployed.filter((d) => d === p).length !== 1)
      .map(([name, p]) => `${name} ${String(p)}`);
    expect(missing).toEqual([]);
  });
});
