/**
 * What the other domains use of the catalogue: its templates as stored (with their usage counts), one
 * of them, and one more start of a trob counted. The templates' content is written by the seed
 * (seed.ts) alone.
 */
export { findTemplate, incrementUsage, listTemplates, type StoredTemplate } from './catalog-repository';
