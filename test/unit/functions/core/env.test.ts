import { describe, expect, it } from 'vitest';
import { parseEnv, queueArn, queueUrl } from '../../../../functions/core/env';

describe('parseEnv', () => {
  it('throws an error naming TABLE_NAME when it is missing', () => {
    expect(() => parseEnv({})).toThrow(/^Invalid environment: .*TABLE_NAME/);
  });

  it('refuses an empty TABLE_NAME', () => {
    expect(() => parseEnv({ TABLE_NAME: '' })).toThrow(/TABLE_NAME/);
  });

  it('fills in the defaults', () => {
    expect(parseEnv({ TABLE_NAME: 'trobly-dev' })).toMatchObject({
      TABLE_NAME: 'trobly-dev',
      APP_RUNTIME: 'aws',
      APP_STAGE: 'dev',
      AWS_REGION: 'us-east-1',
      LOCAL_STATE_DIR: '.local',
      AUTH_ISSUER: 'trobly',
      AUTH_AUDIENCE: 'trobly-app',
      PUBLIC_APP_URL: 'http://localhost:3000',
    });
  });

  it('keeps given values over the defaults', () => {
    expect(parseEnv({ TABLE_NAME: 't', APP_RUNTIME: 'local', AWS_REGION: 'eu-west-3' })).toMatchObject({
      APP_RUNTIME: 'local',
      AWS_REGION: 'eu-west-3',
    });
  });

  it('refuses an unknown runtime, naming APP_RUNTIME', () => {
    expect(() => parseEnv({ TABLE_NAME: 't', APP_RUNTIME: 'gcp' })).toThrow(/APP_RUNTIME/);
  });

  it('refuses an auth secret shorter than 32 bytes of base64url, naming AUTH_TOKEN_SECRET', () => {
    expect(() => parseEnv({ TABLE_NAME: 't', AUTH_TOKEN_SECRET: 'short' })).toThrow(/AUTH_TOKEN_SECRET/);
  });
});

describe('queueUrl and queueArn', () => {
  it('reads a queue URL from QUEUE_URL_<NAME>', () => {
    const url = 'https://sqs.us-east-1.amazonaws.com/111122223333/trob-runs';
    expect(queueUrl('trob-runs', { QUEUE_URL_TROB_RUNS: url })).toBe(url);
  });

  it('throws naming the variable when the URL is missing', () => {
    expect(() => queueUrl('trob-runs', {})).toThrow('Invalid environment: QUEUE_URL_TROB_RUNS is not set');
  });

  it('reads a queue ARN from QUEUE_ARN_<NAME> and throws naming it when missing', () => {
    expect(queueArn('flow-runs', { QUEUE_ARN_FLOW_RUNS: 'arn:q' })).toBe('arn:q');
    expect(() => queueArn('flow-runs', {})).toThrow('QUEUE_ARN_FLOW_RUNS is not set');
  });
});
