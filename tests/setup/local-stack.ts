/**
 * Global setup of the functions project: a real Redis (the machine's, or one started under
 * .data/test-redis), the Upstash REST bridge in front of it, the Razorpay test double and Netlify
 * Blobs' local server, on random ports. Test files read their addresses with inject().
 */
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { ensureRedis } from '../../scripts/redis-local';
import { startUpstashBridge } from '../../scripts/upstash-bridge';
import { startRazorpayDouble } from '../../scripts/razorpay-double';
import { startLocalBlobs } from '../../scripts/local-blobs';
import { testSecrets } from './secrets';

declare module 'vitest' {
  export interface ProvidedContext {
    bridgeUrl: string;
    bridgeToken: string;
    doubleUrl: string;
    redisUrl: string;
    /** NETLIFY_BLOBS_CONTEXT of the local Netlify Blobs server. */
    blobsContext: string;
  }
}

export default async function setup(project: TestProject) {
  // Confirmation e-mails of the last run (function-env.ts points MAIL_OUTBOX_DIR here).
  await rm('.data/test-outbox', { recursive: true, force: true });
  const redis = await ensureRedis({ dataDir: '.data/test-redis' });
  const bridge = await startUpstashBridge({ port: 0, redisUrl: redis.url, token: testSecrets.bridgeToken });
  // Function tests tell the double where to deliver each webhook (per test), so this URL is unused.
  const double = await startRazorpayDouble({
    port: 0,
    keyId: testSecrets.keyId,
    keySecret: testSecrets.keySecret,
    webhookSecret: testSecrets.webhookSecret,
    webhookUrl: 'http://127.0.0.1:9/unused',
  });
  // Netlify Blobs' own local server (the students' proofs), files in a folder emptied per run.
  await rm('.data/test-blobs', { recursive: true, force: true });
  const blobs = await startLocalBlobs({ directory: '.data/test-blobs', token: testSecrets.bridgeToken });
  project.provide('blobsContext', blobs.context);
  project.provide('bridgeUrl', bridge.url);
  project.provide('bridgeToken', testSecrets.bridgeToken);
  project.provide('doubleUrl', double.url);
  project.provide('redisUrl', redis.url);
  return async () => {
    await double.close();
    await blobs.close();
    await bridge.close();
    await redis.stop();
  };
}
