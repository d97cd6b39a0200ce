/**
 * The import boundaries eslint.config.js keeps (docs/architecture.md, "Lint zones"):
 * src/app -> src/features -> src/shared, src/content, src/lib, src/components; features never
 * import each other; content imports only content; src/ never imports netlify/ or scripts/;
 * src/shared and src/content never import React, Node's modules or a server SDK;
 * netlify/functions -> netlify/server -> src/shared, src/content; netlify/edge-functions never
 * imports netlify/server; netlify/server/platform imports only itself and src/shared; only netlify/server/orders/registry.ts imports
 * a kind of order (orders/kinds/); server modules never borrow from a service. Each case lints one made-up file with ESLint's Node API: the file need not
 * exist (the rules resolve its imports relative to its path), but what it imports does, because
 * an import the resolver cannot find is not checked by the path rule (no-unresolved reports it
 * instead, as the last case shows).
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const RESTRICTED = 'import-x/no-restricted-paths';

/** The rule ids ESLint reports for `code` as if it were the file `filePath` (relative to the repository). */
async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

/** A module that imports `name` from `from` and uses it, so only the import itself can be reported. */
const importing = (name: string, from: string) => `import { ${name} } from '${from}';\nexport const used = ${name};\n`;

// ESLint's first run in a worker loads the TypeScript parser and every plugin: seconds on a busy machine.
describe('the import boundaries', { timeout: 60_000 }, () => {
  // The first lint loads the parser, the plugins and the resolver.
  it('refuse a file in src/features/home importing from src/app', async () => {
    expect(await ruleIds(importing('routes', '../../app/router'), 'src/features/home/Example.tsx')).toContain(RESTRICTED);
    expect(await ruleIds(importing('navEntries', '../../app/nav'), 'src/features/home/Example.tsx')).toContain(RESTRICTED);
  });

  it('refuse an import from one feature into another', async () => {
    expect(await ruleIds(importing('HomePage', '../home/HomePage'), 'src/features/info/Example.tsx')).toContain(RESTRICTED);
    expect(await ruleIds(importing('formatWholeFee', '../registration/format'), 'src/features/accounts/Example.tsx')).toContain(RESTRICTED);
    expect(await ruleIds(importing('changeSummary', '../../self-service/change-summary'), 'src/features/registration/wizard/Example.tsx')).toContain(RESTRICTED);
  });

  it('refuse csv-stringify anywhere but the one CSV writer (netlify/server/platform/csv-file.ts)', async () => {
    expect(await ruleIds(importing('stringify', 'csv-stringify/sync'), 'netlify/functions/example-export.ts')).toContain('no-restricted-imports');
    expect(await ruleIds(importing('csvText', '../server/platform/csv-file'), 'netlify/functions/example-export.ts')).not.toContain('no-restricted-imports');
  });

  it('refuse an import from src/ into netlify/ (and scripts/)', async () => {
    expect(await ruleIds(importing('env', '../../netlify/server/platform/env'), 'src/lib/example.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('HttpError', '../../netlify/server/platform/http'), 'src/shared/example.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('config', '../../../netlify/functions/pricing'), 'src/features/home/Example.tsx')).toContain(RESTRICTED);
    expect(await ruleIds(importing('runCheck', '../../scripts/check-production'), 'src/app/example.ts')).toContain(RESTRICTED);
  });

  it('refuse an import from netlify/functions into netlify/server', async () => {
    expect(await ruleIds(importing('config', '../functions/pricing'), 'netlify/server/example.ts')).toContain(RESTRICTED);
  });

  it('refuse the other reversed directions: content importing shared, a server module borrowing from a service, the foundation importing above it', async () => {
    expect(await ruleIds(importing('paths', '../shared/routes'), 'src/content/example.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('SampleBadge', '../components/SampleBadge'), 'src/shared/example.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('lookupName', './orders/self-service'), 'netlify/server/example.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('isAdminRequest', './auth'), 'netlify/server/example.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('getRegistration', '../registrations'), 'netlify/server/platform/http.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('HomePage', '../../src/features/home/HomePage'), 'netlify/server/example.ts')).toContain(RESTRICTED);
  });

  it('refuse an import from netlify/server/platform into the rest of the server or src/content, and allow itself and src/shared', async () => {
    expect(await ruleIds(importing('getRegistration', '../registrations'), 'netlify/server/platform/example.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('savePendingOrder', '../orders/orders'), 'netlify/server/platform/example.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('documentNumberArgs', '../document-numbers'), 'netlify/server/platform/store-scripts.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('invoicing', '../../../src/content/invoicing'), 'netlify/server/platform/example.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('conference', '../../../src/content/conference'), 'netlify/server/platform/example.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('keys', './store'), 'netlify/server/platform/example.ts')).toEqual([]);
    expect(await ruleIds(importing('toMinor', '../../../src/shared/money'), 'netlify/server/platform/example.ts')).toEqual([]);
    expect(await ruleIds(importing('keys', './platform/store'), 'netlify/server/example.ts')).toEqual([]);
  });

  it('refuse an import of a kind of order (netlify/server/orders/kinds/) from anywhere but the registry', async () => {
    expect(await ruleIds(importing('nameTransfer', './kinds/name-transfer'), 'netlify/server/orders/confirm.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('tierUpgrade', './orders/kinds/tier-upgrade'), 'netlify/server/example.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('tierUpgrade', '../server/orders/kinds/tier-upgrade'), 'netlify/functions/example.ts')).toContain(RESTRICTED);
    // A kind never imports another kind: what two kinds share lives in orders/ (e.g. tier-change.ts).
    expect(await ruleIds(importing('tierUpgrade', './tier-upgrade'), 'netlify/server/orders/kinds/ieee-change.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('nameTransfer', './kinds/name-transfer'), 'netlify/server/orders/registry.ts')).toEqual([]);
    expect(await ruleIds(importing('orderKinds', './registry'), 'netlify/server/orders/confirm.ts')).toEqual([]);
  });

  it('refuse React, Node modules and server SDKs in src/shared and src/content (the isomorphic zone; docs/architecture.md, "Lint zones")', async () => {
    const refused: [name: string, from: string, filePath: string][] = [
      ['useState', 'react', 'src/shared/example.ts'],
      ['createRoot', 'react-dom/client', 'src/content/example.ts'],
      ['Link', 'react-router-dom', 'src/shared/example.ts'],
      ['readFileSync', 'node:fs', 'src/shared/example.ts'],
      ['join', 'path', 'src/content/example.ts'],
      ['createHash', 'crypto', 'src/shared/example.ts'],
      ['default as Razorpay', 'razorpay', 'src/shared/example.ts'],
      ['Redis', '@upstash/redis', 'src/shared/example.ts'],
      ['getStore', '@netlify/blobs', 'src/content/example.ts'],
      ['createTransport', 'nodemailer', 'src/shared/example.ts'],
      ['PDFDocument', 'pdf-lib', 'src/shared/example.ts'],
    ];
    for (const [name, from, filePath] of refused) {
      const code = name.startsWith('default as ') ? `import ${name.slice('default as '.length)} from '${from}';\nexport const used = ${name.slice('default as '.length)};\n` : importing(name, from);
      expect({ from, filePath, ids: await ruleIds(code, filePath) }).toEqual({ from, filePath, ids: ['no-restricted-imports'] });
    }
    // The same imports stay open to the layers that own them.
    expect(await ruleIds(importing('useState', 'react'), 'src/components/Example.tsx')).toEqual([]);
    expect(await ruleIds(importing('readFileSync', 'node:fs'), 'netlify/server/example.ts')).toEqual([]);
    expect(await ruleIds(importing('Redis', '@upstash/redis'), 'netlify/server/example.ts')).toEqual([]);
    // And the zone still refuses the CSV library everywhere, as the rest of src/ does.
    expect(await ruleIds(importing('stringify', 'csv-stringify/sync'), 'src/shared/example.ts')).toContain('no-restricted-imports');
  });

  it('refuse an import from netlify/server into netlify/edge-functions (Deno at the CDN, bundled apart)', async () => {
    expect(await ruleIds(importing('env', '../server/platform/env'), 'netlify/edge-functions/example.ts')).toContain(RESTRICTED);
    expect(await ruleIds(importing('paths', '../../src/shared/routes'), 'netlify/edge-functions/example.ts')).toEqual([]);
  });

  it('allow the directions of the architecture', async () => {
    const allowed: [code: string, filePath: string][] = [
      [importing('HomePage', '../features/home/HomePage'), 'src/app/example.tsx'],
      [importing('paths', '../shared/routes'), 'src/app/example.tsx'],
      [importing('paths', '../../shared/routes'), 'src/features/home/Example.tsx'],
      [importing('conference', '../../content/conference'), 'src/features/info/Example.tsx'],
      [importing('staticIsland', '../../lib/hydrate-on-interaction'), 'src/features/home/Example.tsx'],
      [importing('LogoGrid', '../../components/LogoGrid'), 'src/features/info/Example.tsx'],
      [importing('formatWholeFee', './format'), 'src/features/registration/Example.tsx'],
      [importing('formatWholeFee', '../../format'), 'src/features/registration/wizard/steps/Example.tsx'],
      [importing('conference', './conference'), 'src/content/example.ts'],
      // The one exception for content (decision 007): the leaf day formatting.
      [importing('formatDayRange', '../shared/dates'), 'src/content/example.ts'],
      [importing('conference', '../content/conference'), 'src/shared/example.ts'],
      [importing('SampleBadge', './SampleBadge'), 'src/components/Example.tsx'],
      [importing('getRegistration', '../server/registrations'), 'netlify/functions/example.ts'],
      [importing('refuse', './platform/http'), 'netlify/server/example.ts'],
      [importing('fullName', '../../src/shared/person-name'), 'netlify/server/example.ts'],
      [importing('conference', '../../src/content/conference'), 'netlify/functions/example.ts'],
      [importing('env', '../netlify/server/platform/env'), 'scripts/example.ts'],
    ];
    for (const [code, filePath] of allowed) expect({ filePath, code, ids: await ruleIds(code, filePath) }).toEqual({ filePath, code, ids: [] });
  });

  it('report an import the resolver cannot find, which the path rule cannot judge', async () => {
    const ids = await ruleIds(importing('nothing', '../../app/no-such-module'), 'src/features/home/Example.tsx');
    expect(ids).toContain('import-x/no-unresolved');
    expect(ids).not.toContain(RESTRICTED);
  });
});
