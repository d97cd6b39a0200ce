/**
 * The registration order (docs/payments.md#orders): a new registration, paid through
 * verify-payment (or the webhook). It changes no existing registration: finalise.ts writes it with
 * its own Lua script, and registration-orders.ts creates it (it confirms a free registration at
 * once, so it sits above the registry rather than in this module).
 */
import type { OrderKindModule } from '../kind-module';
import type { RegistrationOrder } from '../orders';

export const registration: OrderKindModule<RegistrationOrder> = { verifiedBy: 'verify-payment', change: null };
