import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { type FunctionUrl, FunctionUrlAuthType, InvokeMode } from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { deployedHttpRoutes, type HttpRoute, handlerFile } from '../functions/routes';
import { AppFunction } from './constructs/app-function';
import { chromiumFunctionProps } from './constructs/chromium-bundling';
import type { DataStack } from './data-stack';
import { type CapabilityTargets, grantCapabilities } from './grants';
import { constructIdFor } from './names';
import { fromRoot } from './paths';
import type { RealtimeStack } from './realtime-stack';
import { removalPolicyFor } from './stage';
import type { WorkersStack } from './workers-stack';

/*
 * One function per route-table row, not one per domain. Each role holds exactly what its route `needs`
 * (least privilege per route: the health check cannot read a KMS key because the connections routes may),
 * each bundle carries only its route's imports, and cold starts and deploys are independent per route.
 * The price is more functions and more, smaller cold starts across routes; we chose per route.
 */

/**
 * Concurrent streams of one stream route (the AI filter), all users together. Reserving takes this much
 * from the account's unreserved pool, which Lambda keeps at 10 or more: an account still on a low
 * concurrency quota must raise it first.
 */
export const STREAM_RESERVED_CONCURRENCY = 10;

/**
 * The timeout of a route that drives Chromium (a row marked `chromium`): the HTTP API waits 30 s for its
 * integration, so the function gets as much of that as it can use and still answers.
 */
export const CHROMIUM_ROUTE_TIMEOUT_SECONDS = 29;

export interface ApiStackProps extends StackProps {
  readonly stage: string;
  readonly data: DataStack;
  readonly realtime: RealtimeStack;
  readonly workers: WorkersStack;
  readonly publicAppUrl?: string;
  readonly mailFrom?: string;
}

export interface StreamRoute {
  readonly route: HttpRoute;
  readonly fn: AppFunction;
  readonly url: FunctionUrl;
}

/** The HTTP API with its route functions, and the RESPONSE_STREAM function URLs of the `stream: true` rows. */
export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  readonly routeFunctions = new Map<string, AppFunction>();
  readonly streamRoutes: StreamRoute[] = [];

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage, data, realtime, workers } = props;

    const targets: CapabilityTargets = {
      table: data.table,
      queues: workers.queues,
      scheduler: workers.schedulerTarget,
      cookieKey: data.cookieKey,
      authTokenSecret: data.authTokenSecret,
      paymentsSecret: data.paymentsSecret,
      realtime: realtime.target,
      publicAppUrl: props.publicAppUrl,
      mailFrom: props.mailFrom,
    };

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: `${stage}-trobly-api`,
      // Same-origin behind CloudFront: no CORS. The stage is declared below to carry logs and throttling.
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: removalPolicyFor(stage),
    });
    new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        // JSON with HTTP API variables (CDK's default is the REST API's CLF line).
        format: apigw.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    // One log group for every route function (each writes streams named after itself): a group each would
    // be one resource per route more, and this stack holds seven per route against CloudFormation's 500.
    const routeLogs = new logs.LogGroup(this, 'RouteLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: removalPolicyFor(stage),
    });

    const functionFor = (row: HttpRoute, streaming: boolean): AppFunction => {
      const existing = this.routeFunctions.get(row.handler);
      if (existing) return existing;
      const fn = new AppFunction(this, constructIdFor(row.handler), {
        stage,
        entry: fromRoot(handlerFile(row.handler)),
        description: `Trobly ${stage} ${row.method} ${row.path}`,
        logGroup: routeLogs,
        // A stream may run as long as the model answers; CloudFront only bounds the gap between chunks.
        // A route that drives Chromium starts it (cold), opens the platform and waits a read's pace.
        timeout: streaming
          ? Duration.minutes(2)
          : row.chromium
            ? Duration.seconds(CHROMIUM_ROUTE_TIMEOUT_SECONDS)
            : undefined,
        // A stream holds its instance for minutes: a cap keeps one route from using up the account's
        // concurrency (and the model's budget) that every other function shares.
        reservedConcurrentExecutions: streaming ? STREAM_RESERVED_CONCURRENCY : undefined,
        // Every route reads the origin secret, and most the token key.
        readsSecrets: true,
        // Sized and bundled as the Chromium workers are.
        ...(row.chromium ? chromiumFunctionProps() : {}),
      });
      // Every signed-in route verifies access tokens, so it reads the token key, as do sign-in and refresh;
      // a route that serves API keys counts each key's requests and its last use.
      const needs =
        row.auth === 'public'
          ? (row.needs ?? [])
          : [...(row.needs ?? []), 'auth-secret' as const, ...(row.keyScope ? ['api-key-use' as const] : [])];
      grantCapabilities(fn, needs, targets, row.table);
      // Every route refuses a request without CloudFront's origin secret (functions/core/origin.ts), which it
      // reads by ARN on first use, as the token key.
      data.originVerifySecret.grantRead(fn.role);
      fn.addEnvironment('ORIGIN_VERIFY_SECRET_ARN', data.originVerifySecret.secretArn);
      this.routeFunctions.set(row.handler, fn);
      return fn;
    };

    for (const row of deployedHttpRoutes) {
      if (row.stream) {
        const fn = functionFor(row, true);
        const url = fn.addFunctionUrl({
          // NONE, not AWS_IAM with CloudFront OAC: OAC signs the origin request with SigV4 in the
          // Authorization header, which is where the browser's Bearer token travels, and Lambda refuses an
          // unsigned POST body unless the browser also sends x-amz-content-sha256. The function verifies
          // the JWT itself (the same auth hook as every route), so the URL is no weaker than the HTTP API.
          authType: FunctionUrlAuthType.NONE,
          invokeMode: InvokeMode.RESPONSE_STREAM,
        });
        this.streamRoutes.push({ route: row, fn, url });
        new CfnOutput(this, `${constructIdFor(row.handler)}StreamUrl`, { value: url.url });
        continue;
      }
      this.httpApi.addRoutes({
        path: row.path,
        methods: [apigwv2.HttpMethod[row.method]],
        integration: new HttpLambdaIntegration(
          `${constructIdFor(`${row.method} ${row.path}`)}Integration`,
          functionFor(row, false).fn,
        ),
      });
    }

    new CfnOutput(this, 'HttpApiUrl', { value: this.httpApi.apiEndpoint });
  }
}
