/** POST /api/ieee-verification/ieee-status {MemberID} -> {MemberStatus} (spec part 2 section 7). */
import { ieeeStatusRequest, type IeeeStatusResponse } from '../../src/shared/api';
import { endpoint, json, readJson } from '../server/http';
import { membershipStatus } from '../server/membership';

export default endpoint(['POST'], async (req) => {
  const { MemberID } = await readJson(req, ieeeStatusRequest);
  const body: IeeeStatusResponse = { MemberStatus: await membershipStatus(MemberID) };
  return json(200, body);
});

export const config = { path: '/api/ieee-verification/ieee-status' };
