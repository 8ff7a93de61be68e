/**
 * The import boundaries (README, "Conventions"), checked by `npm run lint:deps` (part of `npm run lint`,
 * so of `npm test`). Paths are relative to the folder depcruise runs in: the repository root, or a
 * fixture folder shaped like it (test/fixtures/dependency-rules, test/unit/dependency-rules.test.ts).
 * Type-only imports count: a boundary is about what a module may know, not only what it bundles.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
