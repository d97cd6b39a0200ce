/**
 * The name-transfer page's validation: a react-hook-form resolver over the shared request schema
 * (nameTransferRequest in src/shared/api.ts, the rules and messages the server runs).
 * NameTransferPage imports this module dynamically (src/lib/lazy-resolver.ts), so zod and
 * @hookform/resolvers load on the form's first focus or press, not with the page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { nameTransferRequest } from '../../shared/api';

/** The whole form: the registrant's id and e-mail, and the new person. */
export const transferResolver = zodResolver(nameTransferRequest);
