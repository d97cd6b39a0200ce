// ESLint flat config: typescript-eslint's recommended rules for every .ts/.tsx file, the
// React hooks rules for the SPA, and the import boundaries (docs/architecture.md, "Lint zones").
// Formatting is not linted.
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

// Zones are resolved against this folder, not the shell's working directory, so `eslint` run
// from a subfolder (or an editor) keeps the same boundaries.
const root = import.meta.dirname;

// Every folder under src/features is one feature. Read from the disk so a new feature is covered
// by the "features never import each other" zone without anyone editing this file.
const features = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The server's platform (netlify/server/platform): configuration, HTTP, the store and its scripts,
// the clock, rate limits, the request's scope, the deploy context and the adapters of external
// systems. It knows nothing of registrations or orders: it imports only itself and src/shared.
// Within it, the foundation below (configuration, the deploy context, the clock, HTTP helpers, the
// store, batching, password hashing and the request's scope) imports only itself, so an adapter
// builds on the foundation and never the other way round.
const serverFoundation = ['deploy-context.ts', 'env.ts', 'clock.ts', 'http.ts', 'store.ts', 'batch.ts', 'password.ts', 'request-scope.ts', 'invocation.ts'];
// The server's top layer: services that only the functions call (admin sign-in, self-service,
// new registrations, the scheduled reconciliation). No server module borrows from them; what one
// of them shares with another module moves down (so `refuse` lives in http.ts, not self-service.ts;
// the client address in http.ts, not auth.ts; the secret check in env.ts, not auth.ts).
const serverServices = ['auth.ts', 'orders/self-service.ts', 'orders/registration-orders.ts', 'orders/reconcile.ts'];

// The import boundaries, one zone each (eslint-plugin-import-x no-restricted-paths: a file under
// `target` may not import a file under `from`, except the `except` paths relative to `from`).
// tests/unit/import-boundaries.test.ts lints made-up imports against them.
const boundaryZones = [
  // src/ is the browser's and the build's: it never reaches into the server or the scripts.
  { target: './src', from: ['./netlify', './scripts'], message: 'src/ never imports netlify/ or scripts/ (docs/architecture.md, "Lint zones").' },
  // app -> features -> shared/content/lib/components: nothing below app imports it.
  { target: ['./src/features', './src/components', './src/lib', './src/shared', './src/content'], from: './src/app', message: 'Only src/app (and the entry files) import src/app: move what a feature needs from it to src/lib or src/components.' },
  // A feature is one area of the site; what two features share lives in src/components (React) or
  // src/lib, src/shared (no React).
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to src/components (React), src/lib or src/shared.',
  })),
  // The layers under the features never import a feature.
  { target: ['./src/components', './src/lib', './src/shared', './src/content'], from: './src/features', message: 'src/components, src/lib, src/shared and src/content never import a feature.' },
  // Shared components are React parts used by the features; they build on lib/shared/content only.
  // src/shared is isomorphic (the server imports it): no browser helpers, no React components.
  { target: './src/shared', from: ['./src/lib', './src/components'], message: 'src/shared is isomorphic: it never imports the browser-only src/lib or src/components.' },
  // The edition's content is data: it imports only src/content (its own types and other content).
  // One exception: src/shared/dates.ts, a pure leaf module (no imports), so the edition's texts
  // derive their dates from conference.startDate/endDate (decision 007).
  { target: './src/content', from: './src', except: ['./content', './shared/dates.ts'], message: 'src/content imports only src/content (and the leaf src/shared/dates.ts): it is the edition\'s data, read by the rest (internal links are path strings that tests/unit/content.test.ts checks against src/shared/routes.ts).' },
  // netlify/functions -> netlify/server -> src/shared, src/content: the server never takes the
  // browser's code, and netlify/server never imports an endpoint.
  { target: './netlify', from: ['./src/app', './src/features', './src/components', './src/lib', './scripts'], message: 'netlify/ imports only src/shared and src/content from src/, and never scripts/.' },
  { target: './netlify/server', from: './netlify/functions', message: 'netlify/server never imports netlify/functions: move what both need into netlify/server.' },
  // Edge functions run in Deno at the CDN, bundled apart from the site: they take nothing from the
  // Node server (its store, its SDKs), only what they carry themselves.
  { target: './netlify/edge-functions', from: './netlify/server', message: 'netlify/edge-functions never imports netlify/server: an edge function runs in Deno at the CDN, bundled apart from the Node functions (docs/architecture.md, "Lint zones").' },
  { target: './netlify/functions', from: './netlify/functions', message: 'A function never imports another function: move what both need into netlify/server.' },
  // The platform imports only itself and src/shared: not the rest of the server, not src/content.
  { target: './netlify/server/platform', from: './netlify', except: ['./server/platform'], message: 'netlify/server/platform imports only itself and src/shared: invert the dependency (pass the value in) or move the module out of the platform.' },
  { target: './netlify/server/platform', from: './src', except: ['./shared'], message: 'netlify/server/platform imports only itself and src/shared: the edition\'s content (src/content) is read by the modules above it.' },
  {
    target: serverFoundation.map((file) => `./netlify/server/platform/${file}`),
    from: './netlify/server',
    except: serverFoundation.map((file) => `./platform/${file}`),
    message: `The server's foundation (${serverFoundation.join(', ')}) imports only itself.`,
  },
  // A kind of order is one module under orders/kinds/, reached only through the registry's typed
  // map (orders/registry.ts), so no other file branches on a kind or calls a kind's code directly.
  // The target is every file of netlify/ but registry.ts (the one file of that name there).
  { target: './netlify/**/!(registry).{ts,tsx}', from: './netlify/server/orders/kinds', message: 'Only netlify/server/orders/registry.ts imports a module under orders/kinds/: reach a kind through the registry (orderKinds).' },
  {
    target: './netlify/server',
    from: serverServices.map((file) => `./netlify/server/${file}`),
    message: `Only functions call the server's services (${serverServices.join(', ')}): move what another module borrows from one down to a module both import (e.g. http.ts, env.ts).`,
  },
];

// The paths no-restricted-imports refuses everywhere in src/ and netlify/ (the deploy context's
// setter, the CSV writer's library). Listed once: a later config object that sets the rule for a
// subfolder replaces the options, so it repeats these.
const restrictedEverywhere = [
  { name: './deploy-context', importNames: ['setContextOutsideInvocations'], message: 'Only scripts and tests name a context outside invocations.' },
  ...['./platform/deploy-context', '../platform/deploy-context', '../server/platform/deploy-context'].map((name) => ({ name, importNames: ['setContextOutsideInvocations'], message: 'Only scripts and tests name a context outside invocations.' })),
  // One CSV writer for every export (netlify/server/platform/csv-file.ts): formulas neutralised, BOM, CRLF.
  ...['csv-stringify', 'csv-stringify/sync'].map((name) => ({ name, message: 'Write CSV through netlify/server/platform/csv-file.ts, the one writer that neutralises formulas.' })),
];

// src/shared runs in the browser and on the server alike, and src/content is the edition's data
// that both read: neither takes React (a page's part), Node's own modules (absent in the browser)
// or the SDK of an external system (the server's adapters own those). docs/architecture.md, "Lint
// zones"; tests/unit/import-boundaries.test.ts proves each group.
const isomorphicZone = {
  react: { group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router', 'react-router-dom', 'react-hook-form', '@hookform/*', '@react-email/*'], message: 'src/shared and src/content never import React: a React part lives in src/components or a feature.' },
  node: { group: ['node:*', ...builtinModules, ...builtinModules.map((name) => `${name}/*`)], message: "src/shared and src/content never import Node's modules: they run in the browser too (a server helper lives in netlify/server)." },
  serverSdk: {
    group: ['razorpay', 'razorpay/*', '@upstash/*', '@netlify/*', 'nodemailer', 'nodemailer/*', 'pdf-lib', '@pdf-lib/*', 'ioredis', 'redis', 'negotiator', 'file-type', 'csv-parse', 'csv-parse/*'],
    message: "src/shared and src/content never import a server SDK: the server's adapter of that system (netlify/server) does, and passes plain data on.",
  },
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.netlify/', '.data/', 'coverage/', 'scripts/razorpay-checkout-standin.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // The import boundaries (docs/architecture.md, "Lint zones"). The node resolver finds .ts/.tsx files behind
  // extensionless imports; an import it cannot resolve is silently not checked by
  // no-restricted-paths, hence no-unresolved beside it in the code the boundaries cover. no-cycle
  // keeps the layers a one-way graph (it adds about 3 s to `npm run lint`).
  {
    files: ['src/**/*.{ts,tsx}', 'netlify/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'import-x/no-unresolved': 'error',
      'import-x/no-cycle': 'error',
    },
  },
  // The deploy context (decision 001): Netlify gives functions no CONTEXT at run time, and only
  // scripts and tests may name a context for code outside an invocation; a function that did so
  // would switch off the production guards for every later invocation of its instance. And one
  // CSV writer: only netlify/server/platform/csv-file.ts imports csv-stringify.
  {
    files: ['netlify/**/*.ts', 'src/**/*.{ts,tsx}'],
    ignores: ['netlify/server/platform/deploy-context.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...["MemberExpression[property.name='CONTEXT']", "MemberExpression[property.value='CONTEXT']", "ObjectPattern > Property[key.name='CONTEXT']"].map((selector) => ({
          selector,
          message: 'The deploy context comes from context.deploy.context (netlify/server/platform/deploy-context.ts), never from the environment.',
        })),
      ],
      'no-restricted-imports': ['error', { paths: restrictedEverywhere }],
    },
  },
  // The isomorphic zone: src/shared and src/content (see isomorphicZone above).
  {
    files: ['src/shared/**/*.{ts,tsx}', 'src/content/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: restrictedEverywhere, patterns: Object.values(isomorphicZone) }],
    },
  },
);
