import { limitsFor, type MonthlyUsage } from '../../shared/plan-policy';
import { httpHandler } from '../core/http-handler';
import { workspaceOwner } from './signed-in-user';
import { monthlyUsage, usageMonth } from './usage-repository';

/** `GET /api/users/usage`: the workspace's profiles stored this month (DECISIONS 22) and its plan's limit. */
export const handler = httpHandler({}, async ({ user }) => {
  const stored = await workspaceOwner(user);
  const month = usageMonth(new Date());
  const usage: MonthlyUsage = {
    month,
    profilesUsed: await monthlyUsage(user.workspaceId, month),
    limit: limitsFor(stored.plan).monthlyProfiles,
  };
  return { data: { usage } };
});
