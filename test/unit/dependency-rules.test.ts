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
  // A cycle's line names its first step; the rest of the cycle follows on lines of its own.
  const violations = [...run.stdout.matchAll(/^\s*error (\S+): (\S+) →[ \t]*\n?[ \t]*(\S+)/gm)].map(
    ([, rule, from, to]) => ({
      rule: rule as string,
      line: `${rule}: ${from} -> ${to}`,
    }),
  );
  return { status: run.status, violations };
}

/**
 * Each ranked domain but core and the top one (workers) has its case `functions/<domain>/reaches-up.ts`,
 * which imports the top: a domain added to DOMAIN_RANKS needs its case too.
 */
const { DOMAIN_RANKS } = createRequire(import.meta.url)(join(root, 'scripts/domain-ranks.cjs')) as {
  DOMAIN_RANKS: Record<string, number>;
};
const reachesUp = Object.keys(DOMAIN_RANKS)
  .filter((domain) => domain !== 'core' && domain !== 'workers')
  .map((domain) => `domain-order-${domain}: functions/${domain}/reaches-up.ts -> functions/workers/top.ts`);

describe('the import boundary check', () => {
  const run = cruise(fixture);

  it('fails on each kind of violation and names the import', () => {
    const { status, violations } = run;
    expect(status).not.toBe(0);
    expect(violations.map((v) => v.line).sort()).toEqual(
      [
        'content-only-shared: functions/flows/templates/outreach.ts -> functions/core/table.ts',
        'core-not-domain: functions/core/auth.ts -> functions/auth/sessions.ts',
        ...reachesUp,
        'domain-order-workers: functions/workers/reaches-unranked.ts -> functions/unranked/orphan.ts',
        'domain-ranked: functions/unranked/orphan.ts -> functions/core/table.ts',
        'domain-through-service: functions/account/reaches-repository.ts -> functions/auth/user-repository.ts',
        'extension-only-shared: web/extension/src/background.ts -> web/src/lib/session.ts',
        'feature-not-app: web/src/features/trobs/page.ts -> web/src/app/router.ts',
        'feature-not-other-feature: web/src/features/trobs/page.ts -> web/src/features/dashboard/stats.ts',
        'job-state-through-its-face: functions/automations/reaches-job-state.ts -> functions/jobs/job-state/claims.ts',
        'lib-not-features-or-app: web/src/lib/session.ts -> web/src/features/dashboard/stats.ts',
        'no-circular: functions/catalog/cycle-a.ts -> functions/catalog/cycle-b.ts',
        'repository-below-service: functions/jobs/job-repository.ts -> functions/jobs/job-service.ts',
        'repository-only-dynamodb: functions/leads/lead-store.ts -> ../../../node_modules/@aws-sdk/lib-dynamodb/dist-cjs/index.js',
        'resolvable: web/src/lib/broken.ts -> ./gone',
        'run-handler-through-context: functions/leads/trobs/handlers/list.ts -> functions/jobs/job-service.ts',
        'shared-not-app: shared/leaky.ts -> functions/core/table.ts',
        'web-not-backend: web/src/features/trobs/page.ts -> functions/catalog/validate.ts',
      ].sort(),
    );
  });

  it('has a fixture case for every rule', () => {
    const rules = (createRequire(import.meta.url)(config) as { forbidden: { name: string }[] }).forbidden;
    const hit = new Set(run.violations.map((v) => v.rule));
    expect(rules.map((r) => r.name).filter((name) => !hit.has(name))).toEqual([]);
  });
});
