import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/**
 * The WAF web ACL of the distribution. A CLOUDFRONT-scope web ACL can only be created in us-east-1, so it
 * has a stack of its own there; the web stack, in the stage's region, takes its ARN by a cross-region
 * reference (lib/app-stacks.ts explains the regions).
 */
export const EDGE_REGION = 'us-east-1';

/**
 * Requests one client address may send in any 5 minutes before the rate rule blocks it for a while: far
 * above what a person clicking through the app sends (a page load is a handful of API calls), low enough
 * to stop a script hammering the sign-in, mail or AI-filter routes from one address. The routes keep their
 * own, tighter, per-account and per-client limits.
 */
export const RATE_LIMIT_PER_CLIENT = 1000;
export const RATE_LIMIT_WINDOW_SECONDS = 300;

/** AWS managed rule groups, evaluated after the rate rule. */
export const MANAGED_RULE_GROUPS = ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet'];

export interface EdgeStackProps extends StackProps {
  readonly stage: string;
}

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION }, crossRegionReferences: true });
    const { stage } = props;

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `${stage}-trobly`,
      description: `Trobly ${stage}: managed common and known-bad-input rules, rate limit per client address`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${stage}-trobly`),
      // The app's own error shape, so the web app shows the usual "too many requests" message.
      customResponseBodies: {
        'rate-limited': {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            code: 'RATE_LIMITED',
            message: 'Too many requests. Please wait a moment and try again.',
          }),
        },
      },
      rules: [
        {
          name: 'rate-per-client',
          priority: 0,
          statement: {
            rateBasedStatement: {
              limit: RATE_LIMIT_PER_CLIENT,
              evaluationWindowSec: RATE_LIMIT_WINDOW_SECONDS,
              // The viewer's own address, as CloudFront sees it (WAF never reads X-Forwarded-For here).
              aggregateKeyType: 'IP',
            },
          },
          action: {
            block: { customResponse: { responseCode: 429, customResponseBodyKey: 'rate-limited' } },
          },
          visibilityConfig: visibility(`${stage}-trobly-rate-per-client`),
        },
        ...MANAGED_RULE_GROUPS.map(
          (name, i): wafv2.CfnWebACL.RuleProperty => ({
            name,
            priority: i + 1,
            statement: {
              managedRuleGroupStatement: {
                vendorName: 'AWS',
                name,
                // The common set blocks bodies over 8 KB; the API bounds every body itself (route schemas,
                // 10 MB at most), and a platform sync carries a browser's session cookies, which can be
                // larger. The rule still counts, so its metric shows such bodies.
                ...(name === 'AWSManagedRulesCommonRuleSet'
                  ? { ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }] }
                  : {}),
              },
            },
            overrideAction: { none: {} },
            visibilityConfig: visibility(`${stage}-trobly-${name}`),
          }),
        ),
      ],
    });

    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
