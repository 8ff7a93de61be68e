import {
  CfnResource,
  type IPolicyValidationContext,
  type IPolicyValidationPlugin,
  type PolicyValidationPluginReport,
  type PolicyViolation,
  Stack,
} from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * Every cdk-nag (AwsSolutions) finding we accept, each with its own reason. Nothing else is suppressed.
 *
 * cdk-nag 3 runs as a CDK validation plugin after synthesis and only knows exact acknowledgment ids, but an
 * IAM5 finding names the resource as the template has it, e.g.
 * `Resource::Trobly-alice-Data:ExportsOutputFnGetAttTable...Arn.../index/*` for a cross-stack reference:
 * stage- and hash-dependent. So a suppression here is a pattern over the finding id and the construct path
 * of the flagged resource (optionally with a check of the resource itself), and `AwsSolutionsWithSuppressions`
 * drops the matching findings from cdk-nag's report. Any finding not matched fails `cdk synth`.
 */
export interface NagSuppression {
  /** The full finding id, e.g. `AwsSolutions-IAM5[Resource::*]`. */
  readonly finding: RegExp;
  /** The construct path of the flagged resource. */
  readonly path: RegExp;
  readonly reason: string;
  /** A further condition on the flagged resource, when the id alone could hide a new problem. */
  readonly holds?: (resource: IConstruct) => boolean;
}

/** Function roles are `<stack>/<Function>/Role/DefaultPolicy/Resource` (see AppFunction). */
const APP_FUNCTION_POLICY =
  /^Trobly-[a-z0-9-]+-(Realtime|Workers|Api)\/[A-Za-z0-9]+\/Role\/DefaultPolicy\/Resource$/;
const APP_FUNCTION = /^Trobly-[a-z0-9-]+-(Realtime|Workers|Api)\/[A-Za-z0-9]+\/Function\/Resource$/;
const BUCKET_DEPLOYMENT = /^Trobly-[a-z0-9-]+-Web\/Custom::CDKBucketDeployment[A-Za-z0-9]+\//;
/**
 * A stage's stacks name their region (lib/app-stacks.ts), so an ARN holds it as written (eu-west-1), and
 * with cdk.json's partition literals its partition too (aws).
 */
const REGION = String.raw`(?:<AWS::Region>|[a-z]{2}(?:-[a-z]+)+-\d)`;
const PARTITION = '(?:<AWS::Partition>|aws(?:-[a-z]+)*)';
/** A finding id pattern whose `{region}` and `{partition}` stand for the stack's region and partition. */
const withRegion = (source: string): RegExp =>
  new RegExp(source.replaceAll('{region}', REGION).replaceAll('{partition}', PARTITION));

interface Statement {
  Action?: string | string[];
  Resource?: unknown;
}
const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Holds when every `Resource: *` statement of the flagged policy grants only actions `allowed` accepts. */
const unscopedActionsOnly =
  (allowed: (action: string) => boolean) =>
  (resource: IConstruct): boolean => {
    if (!(resource instanceof CfnPolicy)) return false;
    const doc = Stack.of(resource).resolve(resource.policyDocument) as { Statement?: Statement[] };
    return (doc.Statement ?? [])
      .filter((s) => asList(s.Resource).includes('*'))
      .every((s) => asList(s.Action).every(allowed));
  };

export const nagSuppressions: readonly NagSuppression[] = [
  {
    finding: /^AwsSolutions-L1$/,
    path: APP_FUNCTION,
    reason:
      'Node.js 22 is the runtime the team chose and tests on (esbuild target node20 keeps one bundle valid for the Node 20 dev machines and Lambda); moving to a newer runtime is a deliberate upgrade, not a drift.',
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::\*\]$/,
    path: APP_FUNCTION_POLICY,
    reason:
      'Active tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permissions; the check below keeps any other unscoped statement flagged.',
    holds: unscopedActionsOnly((a) => a.startsWith('xray:')),
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::\*\]$/,
    path: /^Trobly-[a-z0-9-]+-Workers\/WorkersRunDispatcher\/Role\/DefaultPolicy\/Resource$/,
    reason:
      "The run dispatcher, the table stream's consumer: Lambda's DynamoDB event source needs dynamodb:ListStreams, which has no resource-level permission (it only lists stream ARNs; reading is granted on the table's one stream), beside active tracing's xray actions.",
    holds: unscopedActionsOnly((a) => a.startsWith('xray:') || a === 'dynamodb:ListStreams'),
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::[^\]]*Table[A-Za-z0-9]*(\.Arn>|Arn[A-Za-z0-9]*)\/index\/\*\]$/,
    path: APP_FUNCTION_POLICY,
    reason:
      "Table.grantReadWriteData: queries on the single table's own global secondary indexes (gsi1, gsi2); the wildcard covers only that table's indexes.",
  },
  {
    finding: /^AwsSolutions-IAM5\[Action::kms:(GenerateDataKey|ReEncrypt)\*\]$/,
    path: APP_FUNCTION_POLICY,
    reason:
      "Table.grantReadWriteData on a table encrypted with a customer-managed key grants these KMS action groups on that one key only (the statement's resource is the table key's ARN).",
  },
  {
    finding: withRegion(
      String.raw`^AwsSolutions-IAM5\[Resource::arn:{partition}:execute-api:{region}:<AWS::AccountId>:[^\]/]+\/live\/\*\/@connections\/\*\]$`,
    ),
    path: APP_FUNCTION_POLICY,
    reason:
      'Realtime push: connection ids are created at run time, so ManageConnections is granted on every connection of the one WebSocket API stage (POST/GET/DELETE @connections/{id}) and nothing else.',
  },
  {
    finding: withRegion(
      String.raw`^AwsSolutions-IAM5\[Resource::arn:{partition}:scheduler:{region}:<AWS::AccountId>:schedule\/[^\]/]+\/\*\]$`,
    ),
    path: APP_FUNCTION_POLICY,
    reason:
      "Schedules are named per automation at run time; the wildcard covers only schedules inside this stage's own schedule group.",
  },
  {
    finding: withRegion(
      String.raw`^AwsSolutions-IAM5\[Resource::arn:{partition}:ses:{region}:<AWS::AccountId>:identity\/\*\]$`,
    ),
    path: APP_FUNCTION_POLICY,
    reason:
      "ses:SendEmail is authorized on the sending identity, which is verified per account outside this app (MAIL_FROM); the wildcard covers this account and region's SES identities only.",
  },
  {
    finding: /^AwsSolutions-APIG4$/,
    path: /^Trobly-[a-z0-9-]+-(Api\/HttpApi|Realtime\/WebSocketApi)\/[^/]+\/Resource$/,
    reason:
      "Authorization is done in each function by the app's auth hook (JWT verified with jose, HS256 pinned, iss/aud/exp checked) at the route table's auth level; public routes are public by design.",
  },
  {
    finding:
      /^AwsSolutions-IAM4\[Policy::arn:<AWS::Partition>:iam::aws:policy\/service-role\/AmazonAPIGatewayPushToCloudWatchLogs\]$/,
    path: /^Trobly-[a-z0-9-]+-Realtime\/ApiGatewayCloudWatchRole\/Resource$/,
    reason:
      "The account-level role API Gateway needs to write WebSocket access logs; AWS's managed policy is the documented one for exactly this role and covers only CloudWatch Logs.",
  },
  {
    finding: /^AwsSolutions-CFR1$/,
    path: /^Trobly-[a-z0-9-]+-Web\/Distribution\/Resource$/,
    reason:
      'No geo restriction: sales and marketing users anywhere use the app, as the platforms it automates are global.',
  },
  {
    finding: /^AwsSolutions-CFR4$/,
    path: /^Trobly-[a-z0-9-]+-Web\/Distribution\/Resource$/,
    reason:
      "The distribution uses the default *.cloudfront.net certificate, whose TLS policy CloudFront fixes; a custom domain with an ACM certificate and TLSv1.2_2021 comes with the product's domain.",
  },
  {
    finding: /^AwsSolutions-L1$/,
    path: BUCKET_DEPLOYMENT,
    reason:
      "BucketDeployment's handler is aws-cdk-lib's own deploy-time function; its Python runtime is chosen and updated by aws-cdk-lib.",
  },
  {
    finding:
      /^AwsSolutions-IAM4\[Policy::arn:<AWS::Partition>:iam::aws:policy\/service-role\/AWSLambdaBasicExecutionRole\]$/,
    path: BUCKET_DEPLOYMENT,
    reason:
      "BucketDeployment's deploy-time function role from aws-cdk-lib: basic execution only (its own logs).",
  },
  {
    finding: withRegion(
      String.raw`^AwsSolutions-IAM5\[(Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort)\*|Resource::<SiteBucket[A-Za-z0-9]+\.Arn>\/\*|Resource::arn:{partition}:s3:::cdk-[a-z0-9]+-assets-<AWS::AccountId>-{region}\/\*)\]$`,
    ),
    path: BUCKET_DEPLOYMENT,
    reason:
      "aws-cdk-lib's BucketDeployment grants: read the web app's asset zip from the CDK assets bucket and sync it into the site bucket (write and prune); object keys are unknown until deploy.",
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::\*\]$/,
    path: BUCKET_DEPLOYMENT,
    reason:
      "BucketDeployment's cloudfront:CreateInvalidation/GetInvalidation grant after a deploy; aws-cdk-lib does not scope it to the distribution.",
    holds: unscopedActionsOnly(
      (a) => a === 'cloudfront:CreateInvalidation' || a === 'cloudfront:GetInvalidation',
    ),
  },
  {
    finding: /^AwsSolutions-SMG4$/,
    path: /^Trobly-[a-z0-9-]+-Data\/AuthTokenSecret\/Resource$/,
    reason:
      'The access-token key is rotated by hand (a runbook step): automatic rotation would end every session at once, since access tokens live only 15 minutes and sessions are checked in the table anyway.',
  },
  {
    finding: /^AwsSolutions-SMG4$/,
    path: /^Trobly-[a-z0-9-]+-Data\/OriginVerifySecret\/Resource$/,
    reason:
      "CloudFront's origin header is rotated with a deploy (put a new value, deploy the Web stack; functions read the secret again on the first mismatch): a scheduled rotation would change the value under a distribution that still sends the old one, and every request would be refused until the next deploy.",
  },
  {
    finding: /^AwsSolutions-SMG4$/,
    path: /^Trobly-[a-z0-9-]+-Data\/PaymentsSecret\/Resource$/,
    reason:
      'Holds Stripe API and webhook keys, which are rolled in the Stripe dashboard and pasted here; Secrets Manager has no rotation function for Stripe.',
  },
];

export interface SuppressedFinding {
  readonly finding: string;
  readonly path: string;
  readonly reason: string;
}

export interface NagResult {
  /** Findings no suppression covers: each fails synth. */
  readonly violations: PolicyViolation[];
  readonly suppressed: SuppressedFinding[];
}

/** Run the AwsSolutions pack over a (synthesized) construct tree and apply `nagSuppressions`. */
export function checkAwsSolutions(
  root: IConstruct,
  suppressions: readonly NagSuppression[] = nagSuppressions,
): NagResult {
  const byPath = new Map<string, IConstruct>(root.node.findAll().map((c) => [c.node.path, c]));
  const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(root);
  const violations: PolicyViolation[] = [];
  const suppressed: SuppressedFinding[] = [];
  for (const violation of report.violations) {
    const remaining = violation.violatingResources.filter((resource) => {
      const path = resource.constructPath ?? '';
      const node = byPath.get(path);
      const match = suppressions.find(
        (s) =>
          s.finding.test(violation.ruleName) &&
          s.path.test(path) &&
          node !== undefined &&
          CfnResource.isCfnResource(node) &&
          (s.holds?.(node) ?? true),
      );
      if (match) suppressed.push({ finding: violation.ruleName, path, reason: match.reason });
      return !match;
    });
    if (remaining.length > 0) violations.push({ ...violation, violatingResources: remaining });
  }
  return { violations, suppressed };
}

/** The AwsSolutions pack with our suppressions, as a validation plugin: `cdk synth` fails on any other finding. */
export class AwsSolutionsWithSuppressions implements IPolicyValidationPlugin {
  readonly name = 'AwsSolutions';

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    const { violations } = checkAwsSolutions(context.appConstruct);
    return { success: violations.length === 0, violations };
  }
}
