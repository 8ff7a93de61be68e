import { builderFor, type ExportWorkerRequest, type ExportWorkerResponse } from './export-files';
import type { FileBuilder } from './file-builder';

/**
 * Builds the leads export off the page's thread (issue 12 point 3: 50,000 leads without freezing it),
 * in the format asked (DECISIONS 30). The page posts the format and the optional columns the whole
 * export has (`start`), the leads in chunks (`rows`), then `end`; the worker answers with the file as
 * a Blob, which crosses back without copying it. One worker per export: the page ends it after.
 */

/**
 * The worker's global scope, as much of it as this file uses. The app compiles against the DOM library,
 * where `self` is a window; adding the WebWorker library beside it clashes.
 */
const scope = self as unknown as {
  postMessage: (message: ExportWorkerResponse) => void;
  onmessage: ((event: MessageEvent<ExportWorkerRequest>) => void) | null;
};

// The builder's code loads on `start`; the chunks that arrive meanwhile wait in this chain, in order.
let work: Promise<FileBuilder | undefined> = Promise.resolve(undefined);

function fail(error: unknown): void {
  scope.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}

scope.onmessage = (event: MessageEvent<ExportWorkerRequest>) => {
  const message = event.data;
  if (message.type === 'start') {
    work = builderFor(message.format, message.optional, message.options);
  } else if (message.type === 'rows') {
    work = work.then(async (builder) => {
      await builder?.add(message.leads);
      return builder;
    });
  } else {
    const done = work;
    work = Promise.resolve(undefined);
    done
      .then(async (builder) => {
        if (!builder) throw new Error('The export was not started');
        scope.postMessage({ type: 'done', blob: await builder.finish() });
      })
      .catch(fail);
  }
};
