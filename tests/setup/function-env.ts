/**
 * Per-file environment for function tests: each test file gets the stack's addresses and its own
 * Redis key prefix (files never see each other's data, and a file can count exactly what it wrote).
 *
 * The functions parse the environment once per process (netlify/server/platform/env.ts); tests change
 * process.env between and inside tests (a pinned clock, a dead store, another SMTP server), so
 * process.env is wrapped here: every assignment or deletion forgets the parsed environment and
 * the next call reads the new values.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { setContextOutsideInvocations } from '../../netlify/server/platform/deploy-context';
import { resetEnv } from '../../netlify/server/platform/env';
import { testSecrets } from './secrets';
import { installMailSendRoute } from './mail-send-route';

process.env = new Proxy(process.env, {
  set(target, name, value) {
    resetEnv();
    return Reflect.set(target, name, value);
  },
  deleteProperty(target, name) {
    resetEnv();
    return Reflect.deleteProperty(target, name);
  },
  defineProperty(target, name, descriptor) {
    resetEnv();
    return Reflect.defineProperty(target, name, descriptor);
  },
});

process.env.UPSTASH_REDIS_REST_URL = inject('bridgeUrl');
process.env.UPSTASH_REDIS_REST_TOKEN = inject('bridgeToken');
process.env.RAZORPAY_API_BASE_URL = inject('doubleUrl');
process.env.RAZORPAY_KEY_ID = testSecrets.keyId;
process.env.RAZORPAY_KEY_SECRET = testSecrets.keySecret;
process.env.RAZORPAY_WEBHOOK_SECRET = testSecrets.webhookSecret;
process.env.NETLIFY_BLOBS_CONTEXT = inject('blobsContext');
process.env.KEY_PREFIX = `test:${randomBytes(4).toString('hex')}:`;
// Tests call server modules directly too (now(), finalise, the store): they run in the `dev`
// deploy context, as the functions the tests call do (helpers.ts DEV). No CONTEXT variable: the
// server never reads one (netlify/server/platform/deploy-context.ts).
delete process.env.CONTEXT;
setContextOutsideInvocations('dev');
delete process.env.IEEE_VERIFY_URL;
delete process.env.APP_NOW;
// Admin area, tickets and e-mail: the hash only (tests that need the plain dev password set it),
// and no SMTP_URL, so confirmations land in a test outbox unless a test starts an SMTP server.
process.env.ADMIN_PASSWORD_HASH = testSecrets.adminPasswordHash;
delete process.env.ADMIN_PASSWORD;
process.env.ADMIN_JWT_SECRET = testSecrets.adminJwtSecret;
process.env.TICKET_SIGNING_KEY = testSecrets.ticketSigningKey;
process.env.PASSPORT_DATA_KEY = testSecrets.passportDataKey;
delete process.env.SMTP_URL;
delete process.env.MAIL_FROM;
process.env.MAIL_OUTBOX_DIR = '.data/test-outbox';

// The payment functions hand their e-mails to mail-send over HTTP; the tests answer that call in-process.
installMailSendRoute();
