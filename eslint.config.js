// ESLint flat config: typescript-eslint's recommended rules for every .ts/.tsx file and the
// React hooks rules for the SPA. Formatting is not linted.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  // The deploy context (issue 17): Netlify gives functions no CONTEXT at run time, and only
  // scripts and tests may name a context for code outside an invocation; a function that did so
  // would switch off the production guards for every later invocation of its instance.
  {
    files: ['netlify/**/*.ts', 'src/**/*.{ts,tsx}'],
    ignores: ['netlify/server/deploy-context.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...["MemberExpression[property.name='CONTEXT']", "MemberExpression[property.value='CONTEXT']", "ObjectPattern > Property[key.name='CONTEXT']"].map((selector) => ({
          selector,
          message: 'The deploy context comes from context.deploy.context (netlify/server/deploy-context.ts), never from the environment.',
        })),
      ],
      'no-restricted-imports': ['error', { paths: [{ name: './deploy-context', importNames: ['setContextOutsideInvocations'], message: 'Only scripts and tests name a context outside invocations.' }, { name: '../server/deploy-context', importNames: ['setContextOutsideInvocations'], message: 'Only scripts and tests name a context outside invocations.' }] }],
    },
  },
);
