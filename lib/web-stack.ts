import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../functions/core/client-ip';
import type { ApiStack } from './api-stack';
import { fromRoot } from './paths';
import type { RealtimeStack } from './realtime-stack';
import {
  API_CACHE_CONTROL,
  contentSecurityPolicy,
  FRAME_OPTIONS,
  HSTS_MAX_AGE_DAYS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
  XSS_PROTECTION,
} from './security-headers';
import { isProdStage, removalPolicyFor } from './stage';

export interface WebStackProps extends StackProps {
  readonly stage: string;
  readonly api: ApiStack;
  readonly realtime: RealtimeStack;
  /** The built web app (`vite build`); deployed when present, skipped with a warning when not. */
  readonly webDist: string;
  /** CloudFront sends its value to the API and stream origins (functions/core/origin.ts). */
  readonly originVerifySecret: secretsmanager.ISecret;
  /** The WAF web ACL (CLOUDFRONT scope, from the us-east-1 Edge stack). */
  readonly webAclArn: string;
}

/**
 * SPA fallback as a viewer-request function on the S3 behavior only: a path whose last segment has no
 * file extension is a client route and gets the app shell. Distribution-wide custom error responses
 * (403/404 -> /index.html 200) would also rewrite the API's own 403 and 404 answers into 200 HTML.
 */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** CloudFront path pattern of a route path: `{param}` segments become `*`. */
export const pathPattern = (path: string): string => path.replace(/\{[^}]+\}/g, '*');

/** The one origin the browser talks to: the React app from S3, `/api/*` to the HTTP API, streams to their URLs. */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;
  readonly logBucket: s3.Bucket;
  readonly deployment?: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { stage, api, realtime } = props;
    const removalPolicy = removalPolicyFor(stage);
    const autoDeleteObjects = !isProdStage(stage);

    this.logBucket = new s3.Bucket(this, 'LogBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are written with an ACL grant, so ACLs must stay enabled here.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy,
      autoDeleteObjects,
    });
    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy,
      autoDeleteObjects,
    });

    const wsOrigin = `wss://${realtime.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    // The values live in lib/security-headers.ts, which the local gateway serves too.
    const securityHeadersBehavior: cloudfront.ResponseSecurityHeadersBehavior = {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy({ connectSources: [wsOrigin] }),
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(HSTS_MAX_AGE_DAYS),
        includeSubdomains: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: FRAME_OPTIONS as cloudfront.HeadersFrameOption, override: true },
      referrerPolicy: {
        referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy,
        override: true,
      },
      xssProtection: { protection: XSS_PROTECTION !== '0', override: true },
    };
    const permissionsPolicy = { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true };
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Trobly ${stage}: security headers`,
      securityHeadersBehavior,
      customHeadersBehavior: { customHeaders: [permissionsPolicy] },
    });
    // The API's answers also say no-store where they say nothing of caching themselves: API Gateway's own
    // 404 and 413 and a function's error carry no Cache-Control (override false keeps a route's own).
    const apiSecurityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ApiSecurityHeaders', {
      comment: `Trobly ${stage}: security headers, no-store by default`,
      securityHeadersBehavior,
      customHeadersBehavior: {
        customHeaders: [
          permissionsPolicy,
          { header: 'Cache-Control', value: API_CACHE_CONTROL, override: false },
        ],
      },
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
    });

    // The functions serve only requests carrying this (functions/core/origin.ts): CloudFront adds it to every
    // request to the API and stream origins, replacing any copy a viewer sent. A dynamic reference, resolved by
    // CloudFormation at deploy, so the value appears in no template; it changes with a deploy of this stack.
    const customHeaders = {
      [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValue.unsafeUnwrap(),
    };
    const apiOrigin = new origins.HttpOrigin(
      `${api.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`,
      {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
        customHeaders,
      },
    );
    const dynamic: Omit<cloudfront.BehaviorOptions, 'origin'> = {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Forwards the Authorization header, query strings and cookies; Host must be the origin's own.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: apiSecurityHeaders,
      compress: false,
    };

    // CloudFront matches behaviors in insertion order, so the exact stream paths go before `/api/*`.
    const additionalBehaviors: Record<string, cloudfront.BehaviorOptions> = {};
    for (const stream of api.streamRoutes) {
      additionalBehaviors[pathPattern(stream.route.path)] = {
        ...dynamic,
        origin: new origins.FunctionUrlOrigin(stream.url, {
          // Time allowed between two chunks of the event stream (60 s is the most without a quota raise).
          readTimeout: Duration.seconds(60),
          customHeaders,
        }),
      };
    }
    // The API's JSON is compressed on the way out (the catalogue's list was 52 KB raw). CloudFront only
    // compresses under a cache policy that may cache, so this one caches nothing by default (TTL 0):
    // answers say `no-store`, or `private` for what only the browser keeps (the catalogue's ETag and
    // max-age), and CloudFront stores neither. The Authorization header is part of the key, so were an
    // answer ever cacheable it would be kept per caller, never handed to another.
    const apiCachePolicy = new cloudfront.CachePolicy(this, 'ApiCompression', {
      comment: 'API: compressed, cached only as the answer allows and per Authorization',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    additionalBehaviors['/api/*'] = {
      ...dynamic,
      origin: apiOrigin,
      cachePolicy: apiCachePolicy,
      // Authorization travels in the cache key; the rest of the viewer's request as before.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      compress: true,
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Trobly ${stage}`,
      // Managed common and known-bad-input rules and a rate limit per client address (lib/edge-stack.ts).
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
        compress: true,
      },
      additionalBehaviors,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
    });

    const webDist = isAbsolute(props.webDist) ? props.webDist : fromRoot(props.webDist);
    if (existsSync(`${webDist}/index.html`)) {
      this.deployment = new s3deploy.BucketDeployment(this, 'DeployWeb', {
        // The browser's realtime client reads its socket address from /config.json (web/src/lib/realtime.ts).
        sources: [
          s3deploy.Source.asset(webDist),
          s3deploy.Source.jsonData('config.json', { realtimeUrl: realtime.webSocketUrl }),
        ],
        destinationBucket: this.siteBucket,
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
    } else {
      Annotations.of(this).addWarningV2(
        'trobly:web-dist-missing',
        `${webDist}/index.html not found: the web app is not deployed (run npm run build:web first)`,
      );
    }

    new CfnOutput(this, 'DistributionUrl', { value: `https://${this.distribution.distributionDomainName}` });
    new CfnOutput(this, 'WebSocketUrl', { value: realtime.webSocketUrl });
    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });
  }
}
