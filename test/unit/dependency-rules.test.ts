import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The boundary check (`npm run lint:deps`, README "Conventions") refuses what it should: run with the
 * repository's own config on a fixture tree shaped like the repository, it fails and names exactly
 * the imports the fixture marks `VIOLATION`, and every rule of the config is among them.
 */
const root = join(import.meta.dirname, '../..');
const config = join(root, '.dependency-cruiser.cjs');
const fixture = join(root, 'test/fixtures/dependency-rules');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** As `npm run lint:deps` runs it (the `err` reporter), in `cwd`: its exit status and its error lines. */
function cruise(cwd: string) {
  const run = spawnSync(process.execPath, [depcruise, 'web', 'functions', 'shared', '--config', config], {
    cwd,
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const violations = [...run.stdout.matchAll(/^\s*error (\S+): (\S+) → (\S+)$/gm)].map(
    ([, rule, from, to]) => ({
      rule: rule as string,
      line: `${rule}: ${from} -> ${to}`,
    }),
  );
  return { status: run.status, violations };
}

describe('the import boundary check', () => {
  const run = cruise(fixture);

  it('fails on each kind of violation and names the import', () => {
    const { status, violations } = run;
    expect(status).not.toBe(0);
    expect(violations.map((v) => v.line).sort()).toEqual([
      'content-only-shared: functions/flows/templates/outreach.ts -> functions/core/table.ts',
      'core-not-domain: functions/core/auth.ts -> functions/auth/sessions.ts',
      'domain-order-account: functions/account/reaches-up.ts -> functions/workers/top.ts',
      'domain-order-auth: functions/auth/reaches-up.ts -> functions/workers/top.ts',
      'domain-order-automations: functions/automations/reaches-up.ts -> functions/workers/top.ts',
      'domain-order-billing: functions/billing/reaches-up.ts -> functions/workers/top.ts',
      'domain-order-catalog: functions/catalog/reaches-up.ts -> functions/workers/top.ts',
      'domain-order-connections: functions/connections/reaches-up.ts -> functions/workers/top.ts',
      'domain-order-flows: functions/flows/reaches-up.ts -> functions/workers/top.ts',
      'domain-order-health: functions/health/reaches-up.ts -> functions/workers/top.ts',
      'domain-order-jobs: functions/jobs/reaches-up.ts -> functions/workers/top.ts',
      'domain-order-leads: functions/leads/reaches-up.ts -> functions/workers/top.ts',
      'domain-order-platforms: functions/platforms/reaches-up.ts -> functions/workers/top.ts',
      'domain-order-realtime: functions/realtime/reaches-up.ts -> functions/workers/top.ts',
      'domain-order-runs: functions/runs/reaches-up.ts -> functions/workers/top.ts',
      'domain-order-safety: functions/safety/reaches-up.ts -> functions/workers/top.ts',
      'extension-only-shared: web/extension/src/background.ts -> web/src/lib/session.ts',
      'feature-not-app: web/src/features/trobs/page.ts -> web/src/app/router.ts',
      'feature-not-other-feature: web/src/features/trobs/page.ts -> web/src/features/dashboard/stats.ts',
      'lib-not-features-or-app: web/src/lib/session.ts -> web/src/features/dashboard/stats.ts',
      'repository-below-service: functions/jobs/job-repository.ts -> functions/jobs/job-service.ts',
      'resolvable: web/src/lib/broken.ts -> ./gone',
      'run-handler-through-context: functions/runs/handlers/list.ts -> functions/jobs/job-repository.ts',
      'shared-not-app: shared/leaky.ts -> functions/core/table.ts',
      'web-not-backend: web/src/features/trobs/page.ts -> functions/catalog/validate.ts',
    ]);
  });

  it('has a fixture case for every rule', () => {
    const rules = (createRequire(import.meta.url)(config) as { forbidden: { name: string }[] }).forbidden;
    const hit = new Set(run.violations.map((v) => v.rule));
    expect(rules.map((r) => r.name).filter((name) => !hit.has(name))).toEqual([]);
  });
});
