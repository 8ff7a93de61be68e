import { limitsFor, type MonthlyUsage } from '../../shared/plan-policy';
import { workspaceOwner } from '../auth/user-service';
import { monthlyUsage, usageMonth } from '../billing/usage-service';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';

const route = httpRoute('account/usage');

/** `GET /api/users/usage`: the workspace's profiles stored this month (DECISIONS 22) and its plan's limit. */
export const handler = httpHandler({ route }, async ({ user }) => {
  const stored = await workspaceOwner(user);
  const month = usageMonth(new Date());
  const usage: MonthlyUsage = {
    month,
    profilesUsed: await monthlyUsage(user.workspaceId, month),
    limit: limitsFor(stored.plan).monthlyProfiles,
  };
  return { data: { usage } };
});
