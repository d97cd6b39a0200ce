/**
 * The registration form's option lists: the titles, the dietary options and the most additional
 * tickets per event (the edition's content). A leaf module (it imports only the edition's
 * content): the plain form rules (registration-form.ts) and the zod schemas that carry the
 * messages (registration-schema.ts) both read it, so neither imports the other's values.
 */
import { registrationFees } from '../content/registration';

export const TITLES = ['Dr', 'Prof', 'Mr', 'Ms', 'Mrs'] as const;
export const DIETARY_OPTIONS = ['NONE', 'LACTOSE FREE', 'GLUTEN FREE', 'VEGETARIAN', 'VEGAN', 'OTHER'] as const;
/** Additional tickets per event (0 up to this): the edition's content (src/content/registration.ts). */
export const MAX_EXTRA_TICKETS = registrationFees.maxExtraTickets;
