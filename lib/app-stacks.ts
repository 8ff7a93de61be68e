import { type App, Tags, Validations } from 'aws-cdk-lib';
import { ApiStack } from './api-stack';
import { DataStack } from './data-stack';
import { EDGE_REGION, EdgeStack } from './edge-stack';
import { AwsSolutionsWithSuppressions } from './nag-suppressions';
import { RealtimeStack } from './realtime-stack';
import { stackName, validateStage } from './stage';
import { WebStack } from './web-stack';
import { WorkersStack } from './workers-stack';

const STRONG_REFERENCES_FLAG = '@aws-cdk/core:defaultCrossStackReferences';

export interface AppStacks {
  readonly data: DataStack;
  readonly realtime: RealtimeStack;
  readonly workers: WorkersStack;
  readonly api: ApiStack;
  readonly web: WebStack;
  /** us-east-1: the distribution's WAF web ACL. */
  readonly edge: EdgeStack;
}

function optionalContext(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context ${key} must be a string`);
  return value;
}

function urlContext(app: App, key: string): string | undefined {
  const value = optionalContext(app, key);
  if (value !== undefined && !/^https?:\/\/[^\s/]+/.test(value)) {
    throw new Error(`Context ${key} must be an absolute URL (https://...), got ${JSON.stringify(value)}`);
  }
  return value?.replace(/\/+$/, '');
}

/**
 * The stacks of one stage, by lifecycle. Dependencies run one way only:
 * data <- realtime <- workers <- api <- web, and edge <- web. Realtime comes before workers because the
 * Chromium workers push jobProgress (they need the WebSocket API's endpoint and ManageConnections on it).
 *
 * Regions: the distribution's WAF web ACL must be created in us-east-1 (CLOUDFRONT scope), so it has a
 * small stack of its own there (Edge), and the web stack takes its ARN by a cross-region reference. CDK
 * builds those only between stacks whose regions it knows (at deploy the Edge stack writes the ARN to an
 * SSM parameter in the web stack's region, which the web stack reads), so every stack of a stage names its
 * region: the `region` context, else the CLI's (CDK_DEFAULT_REGION, the profile's region), else us-east-1,
 * where Edge and Web simply share exports. Accounts stay unnamed and nothing is looked up, so synth still
 * needs neither credentials nor network. (Alternatives: an env-agnostic app cannot reference a us-east-1
 * stack at all, an ARN fed back by hand would leave a first deploy without WAF, and a custom resource that
 * creates the ACL from the web stack would hand-build what CDK's cross-region references already do.)
 *
 * Optional context: publicAppUrl (links in e-mails; the CloudFront URL is only known after the web stack
 * exists, so it is fed back by hand to avoid an api <-> web cycle), mailFrom, webDist (default web/dist),
 * apiGatewayCloudWatchRole=false (the account already has API Gateway's CloudWatch role set), region.
 */
export function createAppStacks(app: App, stage: string): AppStacks {
  validateStage(stage);
  // Cross-stack references stay CloudFormation exports (the producer cannot drop a value still imported).
  if (app.node.tryGetContext(STRONG_REFERENCES_FLAG) === undefined)
    app.node.setContext(STRONG_REFERENCES_FLAG, 'strong');
  const publicAppUrl = urlContext(app, 'publicAppUrl');
  const mailFrom = optionalContext(app, 'mailFrom');
  const webDist = optionalContext(app, 'webDist') ?? 'web/dist';
  const manageApiGatewayAccount =
    String(app.node.tryGetContext('apiGatewayCloudWatchRole') ?? 'true') !== 'false';

  const env = { region: optionalContext(app, 'region') ?? process.env.CDK_DEFAULT_REGION ?? EDGE_REGION };

  const data = new DataStack(app, stackName(stage, 'Data'), {
    env,
    stage,
    description: `Trobly ${stage}: table and keys`,
  });
  const realtime = new RealtimeStack(app, stackName(stage, 'Realtime'), {
    env,
    stage,
    data,
    publicAppUrl,
    manageApiGatewayAccount,
    description: `Trobly ${stage}: WebSocket API`,
  });
  const workers = new WorkersStack(app, stackName(stage, 'Workers'), {
    env,
    stage,
    data,
    realtime,
    publicAppUrl,
    mailFrom,
    description: `Trobly ${stage}: queues, Chromium workers, scheduler`,
  });
  const api = new ApiStack(app, stackName(stage, 'Api'), {
    env,
    stage,
    data,
    realtime,
    workers,
    publicAppUrl,
    mailFrom,
    description: `Trobly ${stage}: HTTP API and streaming function URLs`,
  });
  const edge = new EdgeStack(app, stackName(stage, 'Edge'), {
    stage,
    description: `Trobly ${stage}: WAF web ACL of the distribution (us-east-1)`,
  });
  const web = new WebStack(app, stackName(stage, 'Web'), {
    env,
    crossRegionReferences: true,
    stage,
    api,
    realtime,
    originVerifySecret: data.originVerifySecret,
    webAclArn: edge.webAcl.attrArn,
    webDist,
    description: `Trobly ${stage}: web app on S3 behind CloudFront`,
  });
  realtime.addStackDependency(data);
  workers.addStackDependency(realtime);
  api.addStackDependency(workers);
  web.addStackDependency(api);
  web.addStackDependency(edge);

  const stacks: AppStacks = { data, realtime, workers, api, web, edge };
  for (const stack of Object.values(stacks)) {
    Tags.of(stack).add('app', 'trobly');
    Tags.of(stack).add('stage', stage);
  }
  // cdk-nag 3 is a CDK validation plugin (no longer an Aspect); every finding not covered by a reasoned
  // suppression in lib/nag-suppressions.ts fails synth.
  Validations.of(app).addPlugins(new AwsSolutionsWithSuppressions());
  return stacks;
}
