/**
 * Sample content never reaches production (decision 031): `npm run build` starts with
 * `scripts/content-report.ts --build` (the prebuild script), which refuses the build in Netlify's
 * production deploy context while src/content holds sample items or placeholder addresses, and
 * lets every other context build. Both outcomes, on the pure gate and on the script as the build
 * runs it; and the go-live content the 2025 edition still has (it must be refused today).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGate, collectPlaceholderLinks, collectSampleItems } from '../../scripts/content-report';

const root = path.resolve(import.meta.dirname, '../..');
const item = { file: 'src/content/hotels.ts', path: 'dharwadHotels[0].bookingLink', label: 'https://booking.example.org/x' };
const link = { file: 'src/content/hotels.ts', path: 'dharwadHotels[0].bookingLink.url', url: 'https://booking.example.org/x' };

describe('the build gate', () => {
  it('refuses the production context while sample items or placeholder addresses remain, with both lists', () => {
    const gate = buildGate('production', [item], [link]);
    expect(gate.refuse).toBe(true);
    expect(gate.text).toContain('Production deploy refused');
    expect(gate.text).toContain('dharwadHotels[0].bookingLink: https://booking.example.org/x');
    expect(gate.text).toContain('Placeholder addresses (1)');
    expect(buildGate('production', [], [link]).refuse).toBe(true);
    expect(buildGate('production', [item], []).refuse).toBe(true);
  });

  it('lets production build with neither, and every other context build with both', () => {
    expect(buildGate('production', [], []).refuse).toBe(false);
    for (const context of ['deploy-preview', 'branch-deploy', 'dev', undefined]) {
      const gate = buildGate(context, [item], [link]);
      expect(gate.refuse).toBe(false);
      expect(gate.text).toMatch(/^content: 1 sample item\(s\) and 1 placeholder address\(es\) remain/);
    }
  });

  it('finds the placeholder addresses of the content (links and e-mail addresses on reserved hosts)', () => {
    const urls = collectPlaceholderLinks().map((l) => l.url);
    expect(urls).toContain('https://booking.example.org/pesgre2025/mastiff-grand-dharwad');
    expect(urls).toContain('https://forms.example.org/pesgre2025/accommodation');
    for (const url of urls) expect(url).toMatch(/example\.(org|com|net)|\.(example|invalid|test|localhost)\b|localhost/);
  });
});

describe('the prebuild script as Netlify runs it', () => {
  const prebuild = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.prebuild as string;
  const run = (context: string) =>
    spawnSync(path.join(root, 'node_modules/.bin/tsx'), prebuild.replace(/^tsx\s+/, '').split(/\s+/), { cwd: root, env: { ...process.env, CONTEXT: context }, encoding: 'utf8' });

  it('is the gate', () => {
    expect(prebuild).toBe('tsx scripts/content-report.ts --build');
  });

  it('CONTEXT=production: exits 1 with the list (the 2025 content still has sample items)', () => {
    expect(collectSampleItems().length).toBeGreaterThan(0);
    const result = run('production');
    expect(result.status, result.stdout + result.stderr).toBe(1);
    expect(result.stderr).toContain('Production deploy refused');
    expect(result.stderr).toContain('src/content/invoicing.ts');
    expect(result.stderr).toContain('https://booking.example.org/');
  }, 60_000);

  it('CONTEXT=deploy-preview: exits 0 with the count line', () => {
    const result = run('deploy-preview');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^content: \d+ sample item\(s\) and \d+ placeholder address\(es\) remain/);
  }, 60_000);
});
