/** Fixed test-only credentials shared by the stand-ins and the functions under test. */
export const testSecrets = {
  bridgeToken: 'test-bridge-token',
  keyId: 'rzp_test_functions',
  keySecret: 'test_key_secret_for_functions',
  webhookSecret: 'test_webhook_secret_for_functions',
} as const;
