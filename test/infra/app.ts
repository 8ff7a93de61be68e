import { readFileSync } from 'node:fs';
import { App, type AppProps } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { type AppStacks, createAppStacks } from '../../lib/app-stacks';
import { fromRoot } from '../../lib/paths';

export type StackKey = keyof AppStacks;
export const STACK_KEYS: readonly StackKey[] = ['data', 'realtime', 'workers', 'api', 'web', 'edge'];

export interface BuiltApp {
  readonly app: App;
  readonly stacks: AppStacks;
  readonly templates: Record<StackKey, Template>;
}

/** cdk.json's feature flags (partition literals, ...), so the tests build what `cdk synth` builds. */
const { stage: _defaultStage, ...cdkJsonContext } = (
  JSON.parse(readFileSync(fromRoot('cdk.json'), 'utf8')) as { context: Record<string, unknown> }
).context;
export const CDK_JSON_CONTEXT: Record<string, unknown> = cdkJsonContext;

/**
 * An app for a test to synthesize, without CloudFormation's own template validation: aws-cdk-lib runs it
 * in every synthesis (a WebAssembly engine, 9 of stacks.test.ts's 24 s). The tests assert on the templates
 * themselves; stacks.test.ts's shared build keeps the validation, as `cdk synth` runs it (cdk.json's
 * validateAgainstDefaultRules makes a finding fail the synthesis).
 */
export function testApp(props: AppProps = {}): App {
  return new App({ builtinCloudFormationValidation: false, ...props });
}

/**
 * The app of one stage, synthesized with bundling skipped (`aws:cdk:bundling-stacks` = []): NodejsFunction
 * then runs neither esbuild nor the Chromium copy, so a whole app builds in a few seconds. The cdk-nag
 * plugin still runs in synth, so building fails on any unsuppressed finding. `validate` adds
 * CloudFormation's template validation (testApp), which fails the build on a finding too.
 */
export function buildApp(
  stage = 'test',
  context: Record<string, unknown> = {},
  { validate = false }: { validate?: boolean } = {},
): BuiltApp {
  const app = testApp({
    builtinCloudFormationValidation: validate,
    context: { ...CDK_JSON_CONTEXT, 'aws:cdk:bundling-stacks': [], ...context },
  });
  const stacks = createAppStacks(app, stage);
  const templates = Object.fromEntries(
    STACK_KEYS.map((key) => [key, Template.fromStack(stacks[key])]),
  ) as Record<StackKey, Template>;
  return { app, stacks, templates };
}

export type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
};

export function resourcesOf(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}

/** The logical id of the one resource of a type whose properties satisfy `pick`. */
export function logicalIdOf(
  template: Template,
  type: string,
  pick: (props: Record<string, unknown>) => boolean,
): string {
  const ids = Object.entries(resourcesOf(template, type))
    .filter(([, r]) => pick(r.Properties ?? {}))
    .map(([id]) => id);
  if (ids.length !== 1) throw new Error(`Expected one ${type}, found ${ids.length}`);
  return ids[0]!;
}

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

/** Every statement of the inline policies attached to a role (by its logical id). */
export function statementsOfRole(template: Template, roleId: string): Statement[] {
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((p) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
    .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

export const actionsOf = (statements: Statement[]): string[] =>
  statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));

/** The role logical id of a Lambda function (its `Role: { Fn::GetAtt: [id, 'Arn'] }`). */
export function roleIdOf(fn: Resource): string {
  const role = fn.Properties.Role as { 'Fn::GetAtt': [string, string] };
  return role['Fn::GetAtt'][0];
}
