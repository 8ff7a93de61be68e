import { RemovalPolicy } from 'aws-cdk-lib';

/** A stage names one stack set (`Trobly-<stage>-Data`, ...) and prefixes every physical name. */
export const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,15}$/;

export function validateStage(stage: unknown): string {
  if (typeof stage !== 'string' || !STAGE_PATTERN.test(stage)) {
    throw new Error(
      `Invalid stage ${JSON.stringify(stage)}: use 1-16 characters a-z, 0-9 and '-', starting with a letter (-c stage=alice)`,
    );
  }
  return stage;
}

/** Only 'prod' keeps its data when a stack is deleted; personal and test stages clean up after themselves. */
export const isProdStage = (stage: string): boolean => stage === 'prod';

export const removalPolicyFor = (stage: string): RemovalPolicy =>
  isProdStage(stage) ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

export const stackName = (stage: string, part: string): string => `Trobly-${stage}-${part}`;
