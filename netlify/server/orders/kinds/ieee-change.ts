/**
 * The IEEE change (docs/rules.md#the-self-service-pages; docs/payments.md#self-service-changes): an
 * IEEE-member tier converts to the non-member tier of the same type, region and period, created by
 * change-ieee-status and confirmed by verify-ieee-change. Its creation and application are a tier
 * change's (tier-change.ts); its words, receipt and notes are here.
 */
import { changeOrderRequest } from '../../../../src/shared/api';
import type { OrderKindModule } from '../kind-module';
import type { TierChangeOrder } from '../orders';
import { changeOrderHandler, createTierChangeOrder, tierChangeApplication, type TierChangeSpec } from '../tier-change';

const spec: TierChangeSpec<'ieee-change'> = {
  kind: 'ieee-change',
  notEligible: 'Only IEEE-member registrations can be changed to a non-member tier, and this registration is already a non-member one.',
  receiptPrefix: 'iee',
  notes: (total, from, to) => ({ changeAmount: total, changeFrom: from, changeTo: to }),
};

export const ieeeChange = {
  verifiedBy: 'verify-ieee-change',
  change: tierChangeApplication,
  /** change-ieee-status's handler: `{regId}` in. */
  create: changeOrderHandler(changeOrderRequest, ({ regId }, at) => createTierChangeOrder(spec, regId, at)),
} satisfies OrderKindModule<TierChangeOrder>;
