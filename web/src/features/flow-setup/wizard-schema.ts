import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { flowName } from '../../../../shared/flow-api';
import { audienceInput } from '../../../../shared/flow-audience';
import type { AudienceFacets } from '../../../../shared/flow-audience-values';
import { flowConfig } from '../../../../shared/flows';
import type { WizardOutput, WizardValues } from './wizard-form';

/**
 * The wizard's checks, with the API's own schemas (shared/flows.ts `flowConfig`, shared/flow-api.ts
 * `flowName`, shared/flow-audience.ts `audienceInput`). In a chunk of their own, loaded on the first use
 * of the form (wizard-checks.ts): the validation library is a twentieth of the page's scripts, and
 * nothing is checked before the user acts (issue 38 point 2).
 */

/** What the form checks and answers: the config and the name, each with the API's own schema. */
const wizardInput = z.extend(flowConfig, { name: z.optional(flowName) });

/** The form's resolver: step by step (the section Next checks), then all of it on Start. */
export const resolveWizard = zodResolver<WizardValues, unknown, WizardOutput>(wizardInput);

/** Whether the API would count these facets (the audience preview asks only then). */
export const countable = (facets: AudienceFacets) =>
  audienceInput.safeParse({ targetingSettings: facets }).success;
