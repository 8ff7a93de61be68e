import { CSV_MIME, type CsvWorkerRequest, type CsvWorkerResponse, csvBuilder } from './leads-csv';

/**
 * Builds the leads CSV off the page's thread (issue 12 point 3: 50,000 leads without freezing it).
 * The page posts the optional columns the whole export has (`start`), the leads in chunks (`rows`),
 * then `end`; the worker answers with the file as a Blob, which crosses back without copying the text.
 * One worker per export: the page ends it after.
 */

/**
 * The worker's global scope, as much of it as this file uses. The app compiles against the DOM library,
 * where `self` is a window; adding the WebWorker library beside it clashes.
 */
const scope = self as unknown as {
  postMessage: (message: CsvWorkerResponse) => void;
  onmessage: ((event: MessageEvent<CsvWorkerRequest>) => void) | null;
};

let builder = csvBuilder();

function answer(message: CsvWorkerResponse): void {
  scope.postMessage(message);
}

scope.onmessage = (event: MessageEvent<CsvWorkerRequest>) => {
  try {
    if (event.data.type === 'start') {
      builder = csvBuilder(event.data.optional);
      return;
    }
    if (event.data.type === 'rows') {
      builder.add(event.data.leads);
      return;
    }
    const blob = new Blob(builder.parts(), { type: CSV_MIME });
    builder = csvBuilder();
    answer({ type: 'done', blob });
  } catch (error) {
    builder = csvBuilder();
    answer({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
