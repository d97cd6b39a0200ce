/**
 * The local stack's settings for `npm start` and the end-to-end tests, read from the
 * environment with documented dev defaults (docs/development.md). The dev secrets are
 * not secrets: they are shared by the app and the local Razorpay double only.
 */
export interface LocalConfig {
  port: number;
  doublePort: number;
  bridgePort: number;
  redisUrl: string;
  redisDataDir: string;
  /** Where the Razorpay double keeps its orders, payments and refunds across restarts. */
  doubleDataFile: string;
  /** Netlify Blobs' local server (scripts/local-blobs.ts): its port (0: any free one) and folder. */
  blobsPort: number;
  blobsDataDir: string;
  bridgeToken: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  keyPrefix: string;
  adminPassword: string;
  adminJwtSecret: string;
  ticketSigningKey: string;
  passportDataKey: string;
}

export const devDefaults = {
  PORT: '5173',
  RAZORPAY_DOUBLE_PORT: '5174',
  UPSTASH_BRIDGE_PORT: '5175',
  REDIS_URL: 'redis://127.0.0.1:6379',
  REDIS_DATA_DIR: '.data/redis',
  RAZORPAY_DOUBLE_DATA_FILE: '.data/razorpay-double.json',
  BLOBS_PORT: '0',
  BLOBS_DATA_DIR: '.data/blobs',
  UPSTASH_REDIS_REST_TOKEN: 'local-dev-token',
  RAZORPAY_KEY_ID: 'rzp_test_localdouble',
  RAZORPAY_KEY_SECRET: 'local_double_key_secret',
  RAZORPAY_WEBHOOK_SECRET: 'local_double_webhook_secret',
  KEY_PREFIX: 'pesgre:local:',
  // Admin area and tickets. Local-only values: production needs ADMIN_PASSWORD_HASH (the plain
  // ADMIN_PASSWORD is refused there) and its own secrets.
  ADMIN_PASSWORD: 'pesgre-admin',
  ADMIN_JWT_SECRET: 'local-dev-admin-jwt-secret-not-for-production',
  TICKET_SIGNING_KEY: 'local-dev-ticket-signing-key-not-for-production',
  // AES-256-GCM key of the visa letters' passport data: 32 bytes as hex, local only.
  PASSPORT_DATA_KEY: '6c6f63616c2d6465762d70617373706f72742d6b65792d6e6f742d70726f6421',
} as const;

/** Settings from `env` (blank counts as unset), falling back to devDefaults. */
export function localConfig(env: NodeJS.ProcessEnv = process.env): LocalConfig {
  const get = (name: keyof typeof devDefaults) => (env[name] ? String(env[name]) : devDefaults[name]);
  return {
    port: Number(get('PORT')),
    doublePort: Number(get('RAZORPAY_DOUBLE_PORT')),
    bridgePort: Number(get('UPSTASH_BRIDGE_PORT')),
    redisUrl: get('REDIS_URL'),
    redisDataDir: get('REDIS_DATA_DIR'),
    doubleDataFile: get('RAZORPAY_DOUBLE_DATA_FILE'),
    blobsPort: Number(get('BLOBS_PORT')),
    blobsDataDir: get('BLOBS_DATA_DIR'),
    bridgeToken: get('UPSTASH_REDIS_REST_TOKEN'),
    keyId: get('RAZORPAY_KEY_ID'),
    keySecret: get('RAZORPAY_KEY_SECRET'),
    webhookSecret: get('RAZORPAY_WEBHOOK_SECRET'),
    keyPrefix: get('KEY_PREFIX'),
    adminPassword: get('ADMIN_PASSWORD'),
    adminJwtSecret: get('ADMIN_JWT_SECRET'),
    ticketSigningKey: get('TICKET_SIGNING_KEY'),
    passportDataKey: get('PASSPORT_DATA_KEY'),
  };
}

/**
 * The environment that points the functions at the local stand-ins: the Upstash bridge at
 * `bridgeUrl` (Redis through @upstash/redis) and the Razorpay double at `doubleUrl`, with the
 * dev secrets of `cfg` and the key prefix `keyPrefix` (npm start's, or the bench's own).
 */
export function standInEnv(cfg: LocalConfig, bridgeUrl: string, doubleUrl: string, keyPrefix: string = cfg.keyPrefix) {
  return {
    UPSTASH_REDIS_REST_URL: bridgeUrl,
    UPSTASH_REDIS_REST_TOKEN: cfg.bridgeToken,
    RAZORPAY_API_BASE_URL: doubleUrl,
    RAZORPAY_KEY_ID: cfg.keyId,
    RAZORPAY_KEY_SECRET: cfg.keySecret,
    RAZORPAY_WEBHOOK_SECRET: cfg.webhookSecret,
    KEY_PREFIX: keyPrefix,
  };
}
