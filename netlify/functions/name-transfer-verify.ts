/**
 * POST /api/name-transfer/verify {razorpay_order_id, razorpay_payment_id, razorpay_signature}
 * (issue "Accounts"): verifies the transfer fee's payment like verify-payment (signature, the
 * payment fetched from Razorpay: same order, paid, same amount) and applies the transfer exactly
 * once: the registration moves to the new person, who is e-mailed a new ticket; the old ticket is
 * refused from then on.
 *  200 {success: true, registrationNumber}; 400; 404; 409 REFUND_DUE when the registration changed
 *  hands or was cancelled meanwhile (the payment is listed for a refund); 503.
 */
import { verifyChangeRequest, type VerifyChangeResponse } from '../../src/shared/api';
import { now } from '../server/clock';
import { confirmCheckoutPayment } from '../server/confirm';
import { endpoint, json, readJson } from '../server/http';

export default endpoint(
  ['POST'],
  async (req) => {
    const body = await readJson(req, verifyChangeRequest);
    const { registrationNumber } = await confirmCheckoutPayment(body, now(), 'verify-name-transfer');
    const response: VerifyChangeResponse = { success: true, registrationNumber };
    return json(200, response);
  },
  { successFlag: true },
);

export const config = { path: '/api/name-transfer/verify' };
