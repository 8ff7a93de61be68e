import { limitsFor, type MonthlyUsage } from '../../shared/plan-policy';
import { httpHandler } from '../core/http-handler';
import { signedInUser } from './signed-in-user';
import { monthlyUsage, usageMonth } from './usage-repository';

/** `GET /api/users/usage`: profiles stored this month (DECISIONS 22) and the plan's monthly limit. */
export const handler = httpHandler({}, async ({ user }) => {
  const stored = await signedInUser(user);
  const month = usageMonth(new Date());
  const usage: MonthlyUsage = {
    month,
    profilesUsed: await monthlyUsage(user.id, month),
    limit: limitsFor(stored.plan).monthlyProfiles,
  };
  return { data: { usage } };
});
