/** Fixed test-only credentials shared by the stand-ins and the functions under test. */
export const testSecrets = {
  bridgeToken: 'test-bridge-token',
  keyId: 'rzp_test_functions',
  keySecret: 'test_key_secret_for_functions',
  webhookSecret: 'test_webhook_secret_for_functions',
  /** The admin password and its ADMIN_PASSWORD_HASH (scrypt with N=2^14 so tests stay fast). */
  adminPassword: 'test-admin-password',
  adminPasswordHash: 'scrypt$16384$8$1$9nUll7eLvPpOm/DdfHrtDw==$VnZsoH7OOr2bzvLi/hcBag6wjXtd3uPmqIyC9lo8ca8=',
  adminJwtSecret: 'test-admin-jwt-secret-for-functions-0123456789',
  ticketSigningKey: 'test-ticket-signing-key-for-functions-0123456789',
  /** PASSPORT_DATA_KEY of the tests: 32 bytes as hex (decision 016). */
  passportDataKey: '746573742070617373706f7274206b657920666f722066756e6374696f6e7321',
} as const;
