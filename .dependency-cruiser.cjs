/**
 * The import boundaries (README, "Conventions"), checked by `npm run lint:deps` (part of `npm run lint`,
 * so of `npm test`). Paths are relative to the folder depcruise runs in: the repository root, or a
 * fixture folder shaped like it (test/fixtures/dependency-rules, test/unit/dependency-rules.test.ts).
 * Type-only imports count: a boundary is about what a module may know, not only what it bundles.
 * No violation is waived: the tree keeps every rule whole.
 */
/**
 * The backend's domains (functions/<domain>/) in layers: a domain imports only domains of a lower rank
 * (core is below all of them, and core-not-domain keeps it so), so no two domains depend on each other
 * and nothing reaches back up. jobs holds the state of automations' jobs (status, lease, cursor, the
 * unsent index) that the API's automations and the engine both change, through jobs/job-state.ts.
 */
const { DOMAIN_RANKS, CONTENT } = require('./scripts/domain-ranks.cjs');

/** Content folders (templates as code) that any domain may read: scripts/domain-ranks.cjs. */

const RANKED = Object.keys(DOMAIN_RANKS);

/**
 * One rule per ranked domain but core (core-not-domain keeps core apart): its files import, of the other
 * folders under functions/, only the domains ranked below it (and content folders). A folder left out of
 * DOMAIN_RANKS is never below anything, so importing it is refused too (and domain-ranked refuses its
 * own imports).
 */
const domainOrderRules = Object.entries(DOMAIN_RANKS).flatMap(([domain, rank]) => {
  if (domain === 'core') return [];
  const below = RANKED.filter((other) => DOMAIN_RANKS[other] < rank);
  return [
    {
      name: `domain-order-${domain}`,
      comment: `functions/${domain}/ imports only the domains below it (${below.join(', ')}).`,
      severity: 'error',
      from: { path: `^functions/${domain}/` },
      to: { path: '^functions/[^/]+/', pathNot: [`^functions/(${[domain, ...below].join('|')})/`, CONTENT] },
    },
  ];
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...domainOrderRules,
    {
      name: 'domain-ranked',
      comment:
        'Every folder under functions/ (but the route tables beside them) is a domain of DOMAIN_RANKS ' +
        '(scripts/domain-ranks.cjs): a folder without a rank has no layer, so nothing judges what it ' +
        'imports. Give it its rank (and its case in test/fixtures/dependency-rules).',
      severity: 'error',
      from: { path: '^functions/([^/]+)/', pathNot: `^functions/(${RANKED.join('|')})/` },
      to: { pathNot: '^functions/$1/' },
    },
    {
      name: 'domain-through-service',
      comment:
        "A domain reaches another domain's records through that domain's services (*-service.ts), never " +
        'its repository: what the owner exposes is named there, and only the owner writes its items. ' +
        "core's repositories are everyone's.",
      severity: 'error',
      from: { path: '^functions/([^/]+)/' },
      to: { path: '^functions/.+-repository[.]ts$', pathNot: '^functions/($1|core)/' },
    },
    {
      name: 'repository-only-dynamodb',
      comment:
        'Repositories (*-repository.ts) are the only code that talks to DynamoDB (README, "Layout"); ' +
        "core's table helpers (functions/core/) are the ground they stand on.",
      severity: 'error',
      from: { pathNot: ['^functions/core/', '-repository[.]ts$'] },
      to: { path: '(^|/)@aws-sdk/(lib-dynamodb|client-dynamodb)(/|$)' },
    },
    {
      name: 'no-circular',
      comment:
        'No file reaches itself through its imports: a cycle has no order to load, test or change it in. ' +
        'What two files both need moves to a third, lower one.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
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
      name: 'job-state-through-its-face',
      comment:
        'A job’s status, lease, segment, cursor and progress are written by one module, the job state ' +
        '(functions/jobs/job-state.ts): its parts in functions/jobs/job-state/ are its own, and every ' +
        'other file reaches them through it.',
      severity: 'error',
      from: { path: '^functions/', pathNot: '^functions/jobs/(job-state/|job-state[.]ts$)' },
      to: { path: '^functions/jobs/job-state/' },
    },
    {
      name: 'run-handler-through-context',
      comment:
        'A run handler (the handlers/ of a run kind: functions/leads/trobs/handlers/, ' +
        'functions/flows/run/handlers/) gets everything through its run context: it imports its kind’s ' +
        'own context, the engine’s contract (engine/run-context.ts) and the platform drivers, never a ' +
        'repository or another domain.',
      severity: 'error',
      from: { path: '^functions/([^/]+/[^/]+)/handlers/' },
      to: {
        path: '^functions/',
        pathNot:
          '^functions/($1/(handlers/|[^/]+-context[.]ts$|completeness[.]ts$|lead-of-row[.]ts$)|engine/run-context[.]ts$|platforms/|core/(logger|errors)[.]ts$)',
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
    // Packages are in the graph (repository-only-dynamodb judges who imports the DynamoDB client), but
    // never cruised themselves.
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(dist|cdk\\.out)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
