import { relative } from 'node:path';
import { type CfnResource, Duration, type Size } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  type FunctionUrl,
  type FunctionUrlOptions,
  ParamsAndSecretsLayerVersion,
  ParamsAndSecretsLogLevel,
  ParamsAndSecretsVersions,
  Runtime,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { BuildOptions } from 'esbuild';
import { fromRoot, repoRoot, requireFile } from '../paths';
import { removalPolicyFor } from '../stage';

/**
 * ESM output. @middy/core 6 and jose 6 ship ESM only, the repo is `"type": "module"`, and the worker imports
 * @sparticuz/chromium from node_modules at run time, which resolves through its `import` export; an ESM bundle
 * (`index.mjs`) keeps all of them in their native format with no interop shims. The banner gives CommonJS
 * code inside the bundle (the AWS SDK's dependencies, follow-redirects, ...) the `require` that esbuild's
 * `__require` shim falls back on for Node built-ins.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * The esbuild settings of every function, pure data so a benchmark script can build the very same bundles
 * outside CDK (see `esbuildBuildOptions`).
 *
 * The AWS SDK is bundled, not taken from the runtime: the versions are the ones pinned in package.json, and
 * one minified file loads faster at cold start than the runtime's SDK spread over hundreds of files.
 * target node20 keeps one bundle valid for the dev machines (Node 20) and the Lambda runtime (Node 22).
 */
/**
 * Parts of the AWS SDK a function never runs, replaced in every bundle (the same map goes to CDK's esbuild
 * and to the benchmark's, so what is measured is what is deployed):
 *  - Lambda always gives a function its credentials in env vars, so the bundles take the env provider in
 *    place of the SDK's default chain (functions/core/clients/lambda-credentials.ts): about 130 KB less
 *    per function;
 *  - no function calls an SDK operation that streams events, so the event-stream support the SDK's
 *    protocol code loads lazily (inlined in a single-file bundle) is left out
 *    (functions/core/clients/no-event-streams.ts): about 19 KB less per function. A client that needs
 *    it fails the bundle build;
 *  - the DynamoDB client's endpoint-discovery cache gets the same LRU cache on a Map in place of the
 *    mnemonist library (functions/core/clients/lru-cache.ts): about 7 KB less per function;
 *  - the SDK's SHA-256 and MD5 come straight from node:crypto, without the pure-JavaScript fallbacks
 *    Node never needs (functions/core/clients/native-checksums.ts): 3 to 5 KB less per function.
 * `npm run bench -- api` measures the bundles against their 300 KB budget (README, "Bundle budget").
 */
export const BUNDLE_ALIASES: Record<string, string> = {
  '@aws-sdk/credential-provider-node': fromRoot('functions/core/clients/lambda-credentials.ts'),
  '@smithy/core/event-streams': fromRoot('functions/core/clients/no-event-streams.ts'),
  'mnemonist/lru-cache': fromRoot('functions/core/clients/lru-cache.ts'),
  '@smithy/core/checksum': fromRoot('functions/core/clients/native-checksums.ts'),
};

/**
 * Deployed code runs in AWS: ports that pick a local adapter test `process.env.APP_RUNTIME === 'local'`
 * (functions/core/env.ts), which this folds to false, so the local adapters are not bundled.
 */
export const BUNDLE_DEFINE: Record<string, string> = { 'process.env.APP_RUNTIME': JSON.stringify('aws') };

export function bundlingOptions(): BundlingOptions {
  return {
    define: BUNDLE_DEFINE,
    esbuildArgs: Object.fromEntries(
      Object.entries(BUNDLE_ALIASES).map(([from, to]) => [`--alias:${from}`, to]),
    ),
    format: OutputFormat.ESM,
    target: 'node20',
    mainFields: ['module', 'main'],
    banner: ESM_REQUIRE_BANNER,
    minify: true,
    sourceMap: true,
    // Stack traces only need the mappings (NODE_OPTIONS=--enable-source-maps); the sources would double the asset.
    sourcesContent: false,
    bundleAwsSDK: true,
    externalModules: [],
    logLevel: LogLevel.WARNING,
  };
}

/** The same settings as esbuild build options, for scripts that bundle a handler without CDK. */
export function esbuildBuildOptions(
  entry: string,
  outdir: string,
  external: readonly string[] = [],
): BuildOptions {
  const b = bundlingOptions();
  return {
    entryPoints: [entry],
    outfile: `${outdir}/index.mjs`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: b.target,
    mainFields: b.mainFields,
    banner: { js: ESM_REQUIRE_BANNER },
    minify: b.minify,
    sourcemap: b.sourceMap,
    sourcesContent: b.sourcesContent,
    external: [...(b.externalModules ?? []), ...external],
    alias: BUNDLE_ALIASES,
    define: b.define,
    logLevel: 'warning',
  };
}

/** Template metadata key of a function's handler file (relative to the repository root). */
export const FUNCTION_ENTRY_METADATA = 'trobly:entry';

export interface AppFunctionProps {
  readonly stage: string;
  /** Absolute path of the handler module. */
  readonly entry: string;
  readonly description?: string;
  /** Default 1024 MB: Lambda CPU grows with memory, so cold starts and JSON work are faster for little cost. */
  readonly memorySize?: number;
  /** Default 10 s, well inside the HTTP API's 30 s integration limit. */
  readonly timeout?: Duration;
  /** Default arm64 (Graviton: cheaper per ms); the Chromium worker needs x86_64 for its binary. */
  readonly architecture?: Architecture;
  readonly ephemeralStorageSize?: Size;
  /** Reserved concurrency: at most this many instances at once (none by default). */
  readonly reservedConcurrentExecutions?: number;
  readonly environment?: Record<string, string>;
  /** Merged over `bundlingOptions()`. */
  readonly bundling?: Partial<BundlingOptions>;
  /**
   * The function reads Secrets Manager secrets (functions/core/secrets.ts), which it does through the
   * Parameters and Secrets extension: the layer is added. A secret granted to a function without it fails synth.
   */
  readonly readsSecrets?: boolean;
  /**
   * A log group the function shares with others of its stack (each writes its own streams, named after
   * the function), instead of one of its own: one resource less per function, where a stack of many comes
   * near CloudFormation's 500 resources (the API's route functions).
   */
  readonly logGroup?: logs.ILogGroup;
}

/**
 * How long the secrets extension keeps a value: the longest a rotated secret goes unseen by a function that
 * asks again (origin.ts re-reads after a mismatch at most once a minute).
 */
export const SECRETS_EXTENSION_TTL_SECONDS = 60;

/**
 * A Lambda function with the app's defaults: Node 22 on arm64, an esbuild bundle, a log group kept one month
 * (its own, or its stack's shared one), active tracing and the env every handler reads. It owns an explicit
 * role whose only default permission is writing to that log group, instead of the broad
 * AWSLambdaBasicExecutionRole managed policy.
 */
export class AppFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.ILogGroup;
  readonly readsSecrets: boolean;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    requireFile(props.entry, `Handler of ${this.node.path}`);
    this.readsSecrets = props.readsSecrets ?? false;

    this.logGroup =
      props.logGroup ??
      new logs.LogGroup(this, 'Logs', {
        retention: logs.RetentionDays.ONE_MONTH,
        removalPolicy: removalPolicyFor(props.stage),
      });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${this.node.path}`,
    });
    this.logGroup.grantWrite(this.role);

    this.fn = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: props.architecture ?? Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(10),
      ephemeralStorageSize: props.ephemeralStorageSize,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      role: this.role,
      logGroup: this.logGroup,
      tracing: Tracing.ACTIVE,
      projectRoot: fromRoot(),
      depsLockFilePath: fromRoot('package-lock.json'),
      bundling: { ...bundlingOptions(), ...props.bundling },
      paramsAndSecrets: this.readsSecrets
        ? ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, {
            secretsManagerTtl: Duration.seconds(SECRETS_EXTENSION_TTL_SECONDS),
            cacheSize: 10,
            logLevel: ParamsAndSecretsLogLevel.WARN,
          })
        : undefined,
      environment: {
        APP_RUNTIME: 'aws',
        APP_STAGE: props.stage,
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
    });
    // Names the handler file in the template, so the local cloud runs that file with this function's
    // environment and role (scripts/local-cloud/stacks/): the template is its one source of wiring.
    (this.fn.node.defaultChild as CfnResource).addMetadata(
      FUNCTION_ENTRY_METADATA,
      relative(repoRoot, props.entry).split('\\').join('/'),
    );
  }

  addEnvironment(key: string, value: string): void {
    this.fn.addEnvironment(key, value);
  }

  addFunctionUrl(options: FunctionUrlOptions): FunctionUrl {
    return this.fn.addFunctionUrl(options);
  }
}
