import * as z from 'zod/mini';
import { createFlowInput, FLOW_API_TEXTS } from '../../shared/flow-api';
import { httpHandler, respond } from '../core/http-handler';
import { httpRoute } from '../routes';
import { serverFlowConfig } from './flow-config';
import { flowStarts } from './flow-start-deps';

const route = httpRoute('flows/create-flow');

/** The wizard's input, its industries checked against LinkedIn's list (which only the server holds). */
const createFlowBody = z.extend(createFlowInput, { config: serverFlowConfig });

/** `POST /api/flows` (part 2 sections 2.3, 7; DECISIONS 3): PLUS only, the wizard's config validated. */
export const handler = httpHandler({ route, body: createFlowBody }, async ({ user, body }) =>
  respond(201, { message: FLOW_API_TEXTS.started, data: { flow: await flowStarts.create(user, body) } }),
);
