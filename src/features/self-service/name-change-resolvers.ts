/**
 * The name-change page's validation: react-hook-form resolvers over the shared request schemas
 * (getNameRequest and updateNameRequest in src/shared/api.ts, the rules and messages the server
 * runs). NameChangePage imports this module dynamically (src/lib/lazy-resolver.ts), so zod and
 * @hookform/resolvers load on the page's first focus or press, not with the page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { getNameRequest, updateNameRequest } from '../../shared/api';

/** The name form's three fields, as update-name checks them. */
export const nameFields = z.pick(updateNameRequest, { title: true, firstName: true, lastName: true });

/** The lookup form (Registration ID and registered e-mail). */
export const lookupResolver = zodResolver(getNameRequest);
/** The name form. */
export const namesResolver = zodResolver(nameFields);
