import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { handlerFile, webSocketRouteSelection, webSocketRoutes } from '../functions/routes';
import { AppFunction } from './constructs/app-function';
import type { DataStack } from './data-stack';
import { grantCapabilities, type RealtimeTarget } from './grants';
import { constructIdFor } from './names';
import { fromRoot } from './paths';
import { removalPolicyFor } from './stage';

export interface RealtimeStackProps extends StackProps {
  readonly stage: string;
  readonly data: DataStack;
  readonly publicAppUrl?: string;
  /**
   * WebSocket stages (unlike HTTP APIs) can only log once the account's API Gateway settings name a
   * CloudWatch role. When true (the default) this stack sets that per-region account setting to a role it
   * retains on delete, so destroying one stage never breaks the logging of another stage in the account.
   */
  readonly manageApiGatewayAccount: boolean;
}

export const REALTIME_STAGE_NAME = 'live';

/** The WebSocket API that pushes jobProgress (DECISIONS 12), with one function per webSocketRoutes row. */
export class RealtimeStack extends Stack {
  readonly api: apigwv2.WebSocketApi;
  readonly target: RealtimeTarget;
  /** wss://{apiId}.execute-api.{region}.amazonaws.com/live, for the browser. */
  readonly webSocketUrl: string;
  readonly functions: AppFunction[] = [];

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const { stage, data } = props;

    this.api = new apigwv2.WebSocketApi(this, 'WebSocketApi', {
      apiName: `${stage}-trobly-realtime`,
      routeSelectionExpression: webSocketRouteSelection,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: removalPolicyFor(stage),
    });
    const liveStage = new apigwv2.WebSocketStage(this, 'LiveStage', {
      webSocketApi: this.api,
      stageName: REALTIME_STAGE_NAME,
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: { destination: new apigwv2.LogGroupLogDestination(accessLogs) },
    });
    if (props.manageApiGatewayAccount) {
      const cloudWatchRole = new iam.Role(this, 'ApiGatewayCloudWatchRole', {
        assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        managedPolicies: [
          iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
        ],
      });
      cloudWatchRole.applyRemovalPolicy(removalPolicyFor('prod'));
      const account = new apigw.CfnAccount(this, 'ApiGatewayAccount', {
        cloudWatchRoleArn: cloudWatchRole.roleArn,
      });
      account.applyRemovalPolicy(removalPolicyFor('prod'));
      liveStage.node.addDependency(account);
    }

    this.target = { apiId: this.api.apiId, stageName: REALTIME_STAGE_NAME, endpoint: liveStage.callbackUrl };
    this.webSocketUrl = liveStage.url;

    const byHandler = new Map<string, AppFunction>();
    for (const row of webSocketRoutes) {
      let fn = byHandler.get(row.handler);
      if (!fn) {
        fn = new AppFunction(this, constructIdFor(row.handler), {
          stage,
          entry: fromRoot(handlerFile(row.handler)),
          description: `Trobly ${stage} WebSocket ${row.route}`,
          readsSecrets: row.route === '$connect',
        });
        // Route functions answer on the socket and clean up gone connections, so all of them may push.
        // $connect verifies the access token in the query string.
        const connect = row.route === '$connect' ? (['auth-secret'] as const) : [];
        grantCapabilities(
          fn,
          ['realtime-push', ...connect, ...(row.needs ?? [])],
          {
            table: data.table,
            cookieKey: data.cookieKey,
            authTokenSecret: data.authTokenSecret,
            realtime: this.target,
            publicAppUrl: props.publicAppUrl,
          },
          row.table,
        );
        byHandler.set(row.handler, fn);
        this.functions.push(fn);
      }
      this.api.addRoute(row.route, {
        integration: new WebSocketLambdaIntegration(`${constructIdFor(row.route)}Integration`, fn.fn),
      });
    }

    new CfnOutput(this, 'WebSocketUrl', { value: this.webSocketUrl });
    new CfnOutput(this, 'RealtimeEndpoint', { value: this.target.endpoint });
  }
}
