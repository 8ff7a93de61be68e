/**
 * The import boundaries (README, "Conventions"), checked by `npm run lint:deps` (part of `npm run lint`,
 * so of `npm test`). Paths are relative to the folder depcruise runs in: the repository root, or a
 * fixture folder shaped like it (test/fixtures/dependency-rules, test/unit/dependency-rules.test.ts).
 * Type-only imports count: a boundary is about what a module may know, not only what it bundles.
 */
/**
 * The backend's domains (functions/<domain>/) in layers: a domain imports only domains of a lower rank
 * (core is below all of them, and core-not-domain keeps it so), so no two domains depend on each other
 * and nothing reaches back up. jobs holds the state of automations' jobs (status, lease, cursor, the
 * unsent index) that the API's automations and the engine's runs both change.
 */
const DOMAIN_RANKS = {
  core: 0,
  health: 1,
  safety: 1,
  catalog: 1,
  jobs: 1,
  platforms: 2,
  realtime: 2,
  auth: 3,
  billing: 4,
  connections: 4,
  automations: 5,
  leads: 6,
  account: 6,
  flows: 6,
  runs: 7,
  workers: 8,
};

/**
 * Content folders: templates written as code, which import only shared/ and their own folder (rule
 * content-only-shared), so any domain may read them whatever its rank. The catalogue (catalog) seeds
 * the flow templates as catalogue entries, while flows reads the catalogue's usage counts.
 */
const CONTENT = '^(functions/flows/templates)/';

const domainOrderRules = Object.entries(DOMAIN_RANKS).flatMap(([domain, rank]) => {
  const above = Object.entries(DOMAIN_RANKS)
    .filter(([other, otherRank]) => other !== domain && otherRank >= rank)
    .map(([other]) => other);
  if (domain === 'core' || above.length === 0) return [];
  return [
    {
      name: `domain-order-${domain}`,
      comment: `functions/${domain}/ imports only the domains below it (${Object.keys(DOMAIN_RANKS)
        .filter((other) => DOMAIN_RANKS[other] < rank)
        .join(', ')}).`,
      severity: 'error',
      from: { path: `^functions/${domain}/` },
      to: { path: `^functions/(${above.join('|')})/`, pathNot: CONTENT },
    },
  ];
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...domainOrderRules,
    {
      name: 'content-only-shared',
      comment:
        'A content folder (templates as code, CONTENT above) imports only shared/ and its own files, so a ' +
        'domain of any rank may read it without reaching the code of the domain that owns it.',
      severity: 'error',
      from: { path: CONTENT },
      to: { pathNot: '^(shared/|$1/)' },
    },
    {
      name: 'repository-below-service',
      comment:
        'Within the backend, handlers -> services -> repositories: a repository imports no service, wiring or entry point.',
      severity: 'error',
      from: { path: '-repository[.]ts$' },
      to: { path: '(-service|-deps)[.]ts$|[.](handler|worker|stream|task)[.]ts$' },
    },
    {
      name: 'run-handler-through-context',
      comment:
        'A run handler (functions/runs/handlers/) gets everything through its run context: it imports the ' +
        'platform drivers and the runner’s own contract, never a repository or another domain.',
      severity: 'error',
      from: { path: '^functions/runs/handlers/' },
      to: {
        path: '^functions/',
        pathNot:
          '^functions/(runs/(handlers/|run-context[.]ts$|completeness[.]ts$|lead-of-row[.]ts$)|platforms/|core/(logger|errors)[.]ts$)',
      },
    },
    {
      name: 'web-not-backend',
      comment: 'The web app and the extension never import the backend, the CDK stacks or the scripts.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(functions|lib|scripts|bin)/' },
    },
    {
      name: 'feature-not-other-feature',
      comment: 'A feature never imports another feature: what several need goes to web/src/lib/.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'feature-not-app',
      comment: 'Imports run app -> features -> lib -> shared: a feature never imports app/.',
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'lib-not-features-or-app',
      comment: 'web/src/lib/ is below the features and app/: it imports neither.',
      severity: 'error',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'core-not-domain',
      comment:
        'functions/core/ depends on no domain folder (functions/<domain>/); the route table file is fine.',
      severity: 'error',
      from: { path: '^functions/core/' },
      to: { path: '^functions/[^/]+/', pathNot: '^functions/core/' },
    },
    {
      name: 'shared-not-app',
      comment: 'shared/ is used by the backend and the web app alike: it imports nothing of either.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(functions|web|lib|scripts|bin|test)/' },
    },
    {
      name: 'extension-only-shared',
      comment: 'The browser extension imports only shared/ and its own files (no package, no web/src).',
      severity: 'error',
      from: { path: '^web/extension/' },
      to: { pathNot: '^(web/extension|shared)/' },
    },
    {
      name: 'resolvable',
      comment:
        'A relative import the check cannot resolve is one it cannot judge. Packages are left to tsc ' +
        '(aws-lambda, say, is types only: @types/aws-lambda).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^[.]' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|cdk\\.out)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
