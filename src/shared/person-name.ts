/**
 * A person's name as every page, e-mail, invoice, CSV column, ticket check, order note and the
 * Checkout prefill writes it (one place per rule; it was written out in nine places, in
 * four slightly different ways). Isomorphic: the registration wizard, the self-service and admin
 * pages, and the server all call it.
 */

/** The parts of a name as registrations, name changes and transferees hold them; any may be absent. */
export interface PersonName {
  title?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * Takes a person's title, first and last name; returns them joined by single spaces in that order,
 * leaving out a part that is missing, empty or only spaces: 'Dr Asha Kulkarni', or 'Asha Kulkarni'
 * without a title. The parts kept are not trimmed or otherwise changed, so the result is exactly
 * what each of the copies it replaces produced for every name the schemas accept (they trim names
 * and require first and last). Returns '' when every part is blank.
 */
export function fullName(person: PersonName): string {
  return [person.title, person.firstName, person.lastName].filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' ');
}
