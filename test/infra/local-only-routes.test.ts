import { describe, expect, it } from 'vitest';
import { deployedHttpRoutes, httpRoutes } from '../../functions/routes';
import { compileRoutes, matchRoute } from '../../scripts/local-cloud/http-gateway';
import { buildApp, resourcesOf, STACK_KEYS } from './app';

/** The rows only the local cloud serves: the sandbox platforms' connect and the local payment page. */
const LOCAL_ONLY = [
  'GET /api/billing/sandbox/{sessionId}',
  'POST /api/billing/sandbox/{sessionId}/complete',
  'POST /api/users/platforms/sandbox',
];

describe('local-only routes', () => {
  it('are exactly the sandbox rows of the route table', () => {
    expect(httpRoutes.filter((r) => r.localOnly).map((r) => `${r.method} ${r.path}`)).toEqual(LOCAL_ONLY);
    expect(deployedHttpRoutes).toHaveLength(httpRoutes.length - LOCAL_ONLY.length);
    expect(deployedHttpRoutes.some((r) => r.path.includes('sandbox'))).toBe(false);
  });

  it('run as the deployed function they stand in for, when they name one', () => {
    const deployed = new Set(deployedHttpRoutes.map((r) => r.handler));
    for (const row of httpRoutes.filter((r) => r.runsAs)) {
      expect(row.localOnly, row.path).toBe(true);
      expect(deployed.has(row.runsAs!), `${row.path} runs as ${row.runsAs}`).toBe(true);
    }
    expect(httpRoutes.filter((r) => r.runsAs).map((r) => r.runsAs)).toEqual([
      'billing/payment-webhook',
      'connections/sync-platform',
    ]);
  });

  // prod differs from personal stages (retention, alarms), 'test' is what the other infra tests build.
  for (const stage of ['test', 'prod']) {
    it(`leave no sandbox route, function or SANDBOX_ variable in any template of stage ${stage}`, () => {
      const { templates } = buildApp(stage);
      for (const key of STACK_KEYS) {
        const template = templates[key];
        const routes = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).map(
          (r) => r.Properties.RouteKey as string,
        );
        expect(
          routes.filter((k) => /sandbox/i.test(k)),
          `${key} routes`,
        ).toEqual([]);
        for (const [id, fn] of Object.entries(resourcesOf(template, 'AWS::Lambda::Function'))) {
          expect(`${id} ${String(fn.Properties.Description ?? '')}`, `${key} function`).not.toMatch(
            /sandbox/i,
          );
          const variables = (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)
            ?.Variables;
          expect(Object.keys(variables ?? {}).filter((name) => name.startsWith('SANDBOX_'))).toEqual([]);
        }
        // Nothing else either: no permission, integration, log group or output names the sandbox.
        expect(JSON.stringify(template.toJSON()), `${key} template`).not.toMatch(/sandbox/i);
      }
    });
  }

  it('are still served by the local gateway, each by its own handler', () => {
    const compiled = compileRoutes(httpRoutes);
    const samples: Record<string, string> = {
      'POST /api/users/platforms/sandbox': '/api/users/platforms/sandbox',
      'GET /api/billing/sandbox/{sessionId}': '/api/billing/sandbox/cs_test_1',
      'POST /api/billing/sandbox/{sessionId}/complete': '/api/billing/sandbox/cs_test_1/complete',
    };
    for (const key of LOCAL_ONLY) {
      const [method, path] = [key.split(' ')[0]!, samples[key]!];
      const match = matchRoute(compiled, method, path);
      expect(match.kind, key).toBe('match');
      if (match.kind === 'match') expect(`${match.route.method} ${match.route.path}`).toBe(key);
    }
  });
});
