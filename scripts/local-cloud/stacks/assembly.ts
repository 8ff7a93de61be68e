import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FUNCTION_ENTRY_METADATA } from '../../../lib/constructs/app-function';

/**
 * The synthesized templates, read as CloudFormation would: resources by stack and logical id, and the
 * exports other stacks import. Values stay unresolved (Ref, Fn::GetAtt, Fn::ImportValue, Fn::Join, ...):
 * resolve.ts turns them into the local resources' names.
 */
export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly Metadata?: Record<string, unknown>;
}

export interface StackTemplate {
  readonly stackName: string;
  readonly resources: Readonly<Record<string, CfnResource>>;
  readonly outputs: Readonly<Record<string, { Value: unknown; Export?: { Name: unknown } }>>;
}

/** A Lambda function of the stacks that runs one of our handler files. */
export interface TemplateFunction {
  readonly stackName: string;
  readonly logicalId: string;
  /** The handler file, relative to the repository root (`functions/health/get-health.handler.ts`). */
  readonly entry: string;
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
  /** Unresolved, as the template has them. */
  readonly environment: Readonly<Record<string, unknown>>;
  /** The role's logical id, in the same stack. */
  readonly roleLogicalId: string;
  /** The identity policies attached to the role, unresolved. */
  readonly policies: readonly { name: string; document: unknown }[];
  /** The batch size of the event source (queue or stream) that feeds it, if one does. */
  readonly eventSourceBatchSize?: number;
}

export interface Assembly {
  readonly stacks: ReadonlyMap<string, StackTemplate>;
  readonly functions: readonly TemplateFunction[];
}

export function readAssembly(dir: string): Assembly {
  const stacks = new Map<string, StackTemplate>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.template.json'))) {
    const template = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      Resources?: Record<string, CfnResource>;
      Outputs?: StackTemplate['outputs'];
    };
    const stackName = file.slice(0, -'.template.json'.length);
    stacks.set(stackName, {
      stackName,
      resources: template.Resources ?? {},
      outputs: template.Outputs ?? {},
    });
  }
  const functions: TemplateFunction[] = [];
  for (const stack of stacks.values()) {
    for (const [logicalId, resource] of Object.entries(stack.resources)) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const entry = resource.Metadata?.[FUNCTION_ENTRY_METADATA];
      // CDK's own helper functions (custom resources) run no handler of ours.
      if (typeof entry !== 'string') continue;
      const props = resource.Properties ?? {};
      const role = props.Role as { 'Fn::GetAtt'?: [string, string] } | undefined;
      const roleLogicalId = role?.['Fn::GetAtt']?.[0];
      if (!roleLogicalId)
        throw new Error(`${stack.stackName}/${logicalId}: its role is not a role of its stack`);
      functions.push({
        stackName: stack.stackName,
        logicalId,
        entry,
        memoryMb: Number(props.MemorySize ?? 128),
        timeoutSeconds: Number(props.Timeout ?? 3),
        environment:
          (props.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {},
        roleLogicalId,
        policies: policiesOfRole(stack, roleLogicalId),
        ...batchSizeOf(stack, logicalId),
      });
    }
  }
  return { stacks, functions };
}

function batchSizeOf(stack: StackTemplate, functionLogicalId: string): { eventSourceBatchSize?: number } {
  const sizes = Object.values(stack.resources)
    .filter(
      (r) =>
        r.Type === 'AWS::Lambda::EventSourceMapping' &&
        (r.Properties?.FunctionName as { Ref?: string } | undefined)?.Ref === functionLogicalId,
    )
    .map((r) => Number(r.Properties?.BatchSize ?? 10));
  return sizes.length > 0 ? { eventSourceBatchSize: Math.min(...sizes) } : {};
}

/** Inline policies of the role and the AWS::IAM::Policy resources that name it. */
export function policiesOfRole(
  stack: StackTemplate,
  roleLogicalId: string,
): { name: string; document: unknown }[] {
  const role = stack.resources[roleLogicalId];
  if (role?.Type !== 'AWS::IAM::Role') throw new Error(`${stack.stackName}/${roleLogicalId} is not a role`);
  if ((role.Properties?.ManagedPolicyArns as unknown[] | undefined)?.length) {
    // Managed policies live outside the template; the local cloud could not know what they allow.
    throw new Error(`${stack.stackName}/${roleLogicalId}: managed policies are not supported locally`);
  }
  const inline = ((role.Properties?.Policies as { PolicyName: string; PolicyDocument: unknown }[]) ?? []).map(
    (p) => ({ name: p.PolicyName, document: p.PolicyDocument }),
  );
  const attached = Object.entries(stack.resources)
    .filter(
      ([, r]) =>
        r.Type === 'AWS::IAM::Policy' &&
        ((r.Properties?.Roles as { Ref?: string }[] | undefined) ?? []).some(
          (ref) => ref.Ref === roleLogicalId,
        ),
    )
    .map(([id, r]) => ({ name: id, document: r.Properties?.PolicyDocument }));
  return [...inline, ...attached];
}
