/**
 * The name change's lookup (get-name), apart from self-service.ts so POST
 * /api/update-name/get-name starts without the order kinds', Razorpay's and the mail code
 * (docs/performance.md, "Cold starts").
 */
import { getRegistrantRegistration } from '../registrations';

/** get-name: the registered title and names (docs/rules.md#the-self-service-pages). Throws 404 NO_MATCH as getRegistrantRegistration(). */
export async function lookupName(regNo: string, email: string): Promise<{ title: string; firstName: string; lastName: string }> {
  const r = await getRegistrantRegistration(regNo, email);
  return { title: r.title ?? '', firstName: r.firstName, lastName: r.lastName };
}
