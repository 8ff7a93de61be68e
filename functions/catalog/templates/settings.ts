import type {
  ArrayProperty,
  BooleanProperty,
  NumberProperty,
  ObjectProperty,
} from '../../../shared/catalogue';
import { EXPORT_FORMAT_TABLE, TROB_EXPORT_FORMATS } from '../../../shared/export-formats';

/** Field groups several trobs share, so that the same setting reads and validates the same everywhere. */

export function exportSettings(skipDuplicates = true): ObjectProperty {
  return {
    type: 'object',
    title: 'Export Settings',
    description: 'How the collected leads are saved. Every lead also appears in the run’s lead list.',
    properties: {
      format: {
        type: 'string',
        title: 'Export format',
        description:
          'CSV is available on every plan; JSON and Excel need a Trial, Pro or Plus plan; PDF needs a Plus plan.',
        enum: [...TROB_EXPORT_FORMATS],
        default: 'csv',
        'ui:options': {
          widget: 'select',
          labels: Object.fromEntries(TROB_EXPORT_FORMATS.map((f) => [f, EXPORT_FORMAT_TABLE[f].optionLabel])),
        },
      },
      skipDuplicates: {
        type: 'boolean',
        title: 'Skip leads you already have',
        description: 'Leave out people already collected by any of your earlier runs.',
        default: skipDuplicates,
      },
    },
    required: ['format'],
  };
}

export function maxProfiles(options: {
  maximum: number;
  default: number;
  description?: string;
}): NumberProperty {
  return {
    type: 'integer',
    title: 'Maximum profiles',
    description:
      options.description ??
      'The run stops after this many leads. Each lead counts towards your monthly profile allowance.',
    minimum: 1,
    maximum: options.maximum,
    default: options.default,
    placeholder: String(options.default),
    'ui:options': { widget: 'number', step: 10 },
  };
}

export function keywordFilter(title: string, description: string): ArrayProperty {
  return {
    type: 'array',
    title,
    description,
    items: { type: 'string', minLength: 1, maxLength: 100 },
    maxItems: 20,
    default: [],
    examples: [['founder', 'head of sales', 'growth']],
    // Short enough for the field beside its chips on a phone (issue 10 point 10).
    placeholder: 'Type, then press Enter',
    'ui:options': { widget: 'tags' },
  };
}

export function flag(title: string, description: string, defaultValue: boolean): BooleanProperty {
  return { type: 'boolean', title, description, default: defaultValue };
}
