/**
 * The linter keeps the deploy context where decision 001 put it: no function, server module or
 * browser code reads CONTEXT from the environment, and only scripts and tests name a context for
 * code outside an invocation (eslint.config.js).
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

// ESLint's first run in a worker loads the TypeScript parser and every plugin: seconds on a busy machine.
describe('the deploy-context lint rules', { timeout: 60_000 }, () => {
  it.each(['netlify/server/example.ts', 'netlify/functions/example.ts', 'src/shared/example.ts'])('refuse reading CONTEXT from the environment in %s', async (file) => {
    for (const code of ['export const c = process.env.CONTEXT;', "export const c = process.env['CONTEXT'];", 'const { CONTEXT } = process.env;\nexport { CONTEXT };']) {
      expect(await ruleIds(code, file)).toContain('no-restricted-syntax');
    }
  });

  it('refuse naming a context outside invocations in server code, and allow it in scripts and tests', async () => {
    expect(await ruleIds("import { setContextOutsideInvocations } from './platform/deploy-context';\nsetContextOutsideInvocations('dev');\n", 'netlify/server/example.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import { setContextOutsideInvocations } from '../server/platform/deploy-context';\nsetContextOutsideInvocations('dev');\n", 'netlify/functions/example.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import { setContextOutsideInvocations } from '../netlify/server/platform/deploy-context';\nsetContextOutsideInvocations('dev');\n", 'scripts/example.ts')).toEqual([]);
  });

  it('leave the deploy context from the invocation alone', async () => {
    expect(await ruleIds("import { withDeployContext } from './platform/deploy-context';\nexport const run = (c?: { deploy?: { context?: string } }) => withDeployContext(c?.deploy?.context, () => 1);\n", 'netlify/server/example.ts')).toEqual([]);
  });
});
