import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { createAppStacks } from '../../../lib/app-stacks';
import { fromRoot } from '../../../lib/paths';
import { LOCAL_SYNTH_CONTEXT, LOCAL_SYNTH_STAGE } from './synth-context';

/**
 * Run as a child process by synth.ts: synthesizes the stacks the local cloud runs into the folder named
 * by argv[2], as `cdk synth` would (cdk.json's context), with bundling skipped: the local cloud runs the
 * handlers from source, so only the templates (environment, roles, policies) are needed.
 */
const outdir = process.argv[2];
if (!outdir) throw new Error('usage: synth-app.ts <outdir>');
const { context } = JSON.parse(readFileSync(fromRoot('cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};
// Without CloudFormation's template validation, which changes no template and is a third of a synthesis:
// the infra tests run it on the deployed app (test/infra/stacks.test.ts), and `cdk synth` before a deploy.
const app = new App({
  outdir,
  builtinCloudFormationValidation: false,
  context: { ...context, ...LOCAL_SYNTH_CONTEXT, 'aws:cdk:bundling-stacks': [] },
});
createAppStacks(app, LOCAL_SYNTH_STAGE);
app.synth();
