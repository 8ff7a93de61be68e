import { findTemplate, listTemplates } from './catalog-repository';
import { createCatalogService } from './catalog-service';

/** The catalogue routes' wiring, built once per cold start. */
export const catalog = createCatalogService({ store: { listTemplates, findTemplate } });
