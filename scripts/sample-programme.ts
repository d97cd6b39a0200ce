/**
 * `npm run programme:sample`: writes the sample programme of src/content/programme.ts as the two
 * files the admin pages import (docs/operations.md, "The programme"):
 *   .data/samples/accepted-papers-2025.csv   for /admin/papers, "Other CSV" with the mapping
 *                                            {"paperId":"Paper ID","title":"Title","authorNames":"Authors",
 *                                             "authorEmails":"Emails","track":"Track","status":"Status"}
 *   .data/samples/programme-2025.csv         for /admin/programme
 * With `--seed` it also imports both into the running `npm start` stack (its bridge and key
 * prefix, deploy context `dev`; scripts/store-target.ts), as the admin pages would: the papers
 * first, then the programme. Authors with a registration are told by e-mail (.data/outbox).
 * Seeding papers makes the Paper ID of the registration form a checked field: use it on a stack
 * for trying the programme, not before trying the registration form's free-text Paper ID.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import { sampleProgramme } from '../src/content/programme';
import { PROGRAMME_COLUMNS } from '../src/shared/programme';

export const SAMPLE_DIR = '.data/samples';
export const PAPERS_MAPPING = { paperId: 'Paper ID', title: 'Title', authorNames: 'Authors', authorEmails: 'Emails', track: 'Track', status: 'Status' };

/** The sample accepted papers as a CSV with the header PAPERS_MAPPING names. */
export function samplePapersCsv(): string {
  const rows = sampleProgramme.papers.map((p) => [p.paperId, p.title, p.authors.map((a) => a.name).join('; '), p.authors.map((a) => a.email).join('; '), p.track, 'Accept']);
  return stringify([Object.values(PAPERS_MAPPING), ...rows]);
}

/** The sample programme as the programme CSV (header PROGRAMME_COLUMNS). */
export function sampleProgrammeCsv(): string {
  const rows = sampleProgramme.sessions.map((s) => PROGRAMME_COLUMNS.map((c) => (c === 'paper_ids' ? s.paper_ids.join(';') : s[c])));
  return stringify([[...PROGRAMME_COLUMNS], ...rows]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { seed: { type: 'boolean' } } });
  await mkdir(SAMPLE_DIR, { recursive: true });
  const papersFile = path.join(SAMPLE_DIR, 'accepted-papers-2025.csv');
  const programmeFile = path.join(SAMPLE_DIR, 'programme-2025.csv');
  await writeFile(papersFile, samplePapersCsv());
  await writeFile(programmeFile, sampleProgrammeCsv());
  console.log(`Wrote ${papersFile} (${sampleProgramme.papers.length} papers) and ${programmeFile} (${sampleProgramme.sessions.length} sessions).`);
  console.log(`Import the papers at /admin/papers as "Other CSV" with the mapping ${JSON.stringify(PAPERS_MAPPING)}, then the programme at /admin/programme.`);
  if (values.seed) {
    if (process.env.UPSTASH_REDIS_REST_URL) {
      console.error('--seed imports into the running `npm start` stack only: unset UPSTASH_REDIS_REST_URL. A real database gets its programme from the admin page.');
      process.exit(2);
    }
    const { useStoreTarget } = await import('./store-target');
    const { prefix } = useStoreTarget(undefined);
    const { parseMappedCsv } = await import('../netlify/server/paper-import');
    const { importPapers } = await import('../netlify/server/papers');
    const { importProgramme } = await import('../netlify/server/programme-import');
    const { sendDueProgrammeNotices } = await import('../netlify/server/programme-notices');
    const at = new Date();
    const papers = await importPapers(parseMappedCsv(new TextEncoder().encode(samplePapersCsv()), PAPERS_MAPPING), at, false);
    const programme = await importProgramme(new TextEncoder().encode(sampleProgrammeCsv()), at, false);
    const sent = await sendDueProgrammeNotices(at);
    console.log(`Seeded under ${prefix}: ${papers.imported} new and ${papers.updated} updated papers; ${programme.sessions} sessions placing ${programme.papers} papers; ${sent.sent} e-mails to authors.`);
  }
}
