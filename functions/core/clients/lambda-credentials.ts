import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Takes the place of @aws-sdk/credential-provider-node in Lambda bundles (an esbuild alias in
 * lib/constructs/app-function.ts). Lambda always hands a function its role's credentials in
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN; the default chain's SSO, INI,
 * process, web-identity and instance-metadata providers can never apply there, yet they and the STS
 * and SSO clients they load are about 130 KB of every bundle. The local cloud runs the sources, not
 * the bundles, and keeps the default chain.
 */
export const defaultProvider = () => fromEnv();
