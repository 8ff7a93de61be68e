import type { ExportFormat } from '../../../../../shared/export-formats';
import type { Lead } from '../../../../../shared/leads';
import { type OptionalColumn, optionalColumnsOf } from './csv-columns';
import {
  builderFor,
  type ExportWorkerRequest,
  type ExportWorkerResponse,
  exportedMessage,
  exportFileName,
  type FileOptions,
} from './export-files';
import { type PdfBrand, paperFor } from './pdf-page';

/**
 * Exports leads as a file download in the format chosen (part 2 section 5, issue 12 point 3,
 * DECISIONS 30). The file is built in a Web Worker: the page posts the leads in chunks, yielding
 * between them so it stays responsive even for 50,000 leads, and only ever copies one chunk at a time.
 * Where there is no Worker (jsdom), or the worker cannot start, the same builder runs here, in the
 * same chunks.
 *
 * A format's code (papaparse, the Excel writer) is imported on its first export, not with the page.
 */

export const EXPORT_CHUNK_SIZE = 2000;
/** How long the download's object URL lives: revoking it at once can cancel the download in some browsers. */
export const REVOKE_URL_AFTER_MS = 10_000;

export interface ExportResult {
  count: number;
  fileName: string;
  /** The success notification ('Exported {n} leads with enhanced profile data'). */
  message: string;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function chunksOf(leads: readonly Lead[]): Lead[][] {
  const chunks: Lead[][] = [];
  for (let start = 0; start < leads.length; start += EXPORT_CHUNK_SIZE) {
    chunks.push(leads.slice(start, start + EXPORT_CHUNK_SIZE));
  }
  return chunks;
}

/** The worker could not start or run (a load error, a blocked script): build on this thread instead. */
class WorkerUnavailable extends Error {}

async function buildInWorker(
  leads: readonly Lead[],
  format: ExportFormat,
  optional: OptionalColumn[],
  options: FileOptions,
): Promise<Blob> {
  let worker: Worker;
  try {
    // The literal `new Worker(new URL(...), { type: 'module' })` is what Vite bundles as a worker chunk.
    worker = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module' });
  } catch (error) {
    throw new WorkerUnavailable(error instanceof Error ? error.message : String(error));
  }
  try {
    let settled = false;
    const result = new Promise<Blob>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<ExportWorkerResponse>) => {
        if (event.data.type === 'done') resolve(event.data.blob);
        else reject(new Error(event.data.message));
      };
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new WorkerUnavailable(event.message || 'The export worker failed'));
      };
      worker.onmessageerror = () =>
        reject(new WorkerUnavailable('The export worker could not read a message'));
    });
    // Stop posting once the worker has failed; the rejection itself is awaited below.
    result.then(
      () => {},
      () => {
        settled = true;
      },
    );
    const post = (message: ExportWorkerRequest) => worker.postMessage(message);
    post({ type: 'start', format, optional, options });
    for (const chunk of chunksOf(leads)) {
      if (settled) break;
      post({ type: 'rows', leads: chunk });
      await yieldToEventLoop();
    }
    post({ type: 'end' });
    return await result;
  } finally {
    worker.terminate();
  }
}

async function buildHere(
  leads: readonly Lead[],
  format: ExportFormat,
  optional: OptionalColumn[],
  options: FileOptions,
): Promise<Blob> {
  const builder = await builderFor(format, optional, options);
  for (const chunk of chunksOf(leads)) {
    await builder.add(chunk);
    await yieldToEventLoop();
  }
  return builder.finish();
}

async function buildFile(leads: readonly Lead[], format: ExportFormat, options: FileOptions): Promise<Blob> {
  // DECISIONS 26: the columns after the spec's eleven depend on every exported lead, and the header
  // comes with the first chunk, so they are decided here, over all of them (one pass, no copy).
  const optional = optionalColumnsOf(leads);
  if (typeof Worker === 'undefined') return buildHere(leads, format, optional, options);
  try {
    return await buildInWorker(leads, format, optional, options);
  } catch (error) {
    if (error instanceof WorkerUnavailable) return buildHere(leads, format, optional, options);
    throw error;
  }
}

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_URL_AFTER_MS);
  }
}

/**
 * Builds the file of `leads` in `format` and downloads it as `leads-export-{YYYY-MM-DD}.{ext}` (the
 * local date of `now`). A PDF is on the paper of the browser's region, headed by `brand`.
 */
export async function exportLeads(
  leads: readonly Lead[],
  format: ExportFormat = 'csv',
  now = new Date(),
  brand?: PdfBrand,
): Promise<ExportResult> {
  const options: FileOptions = {
    now: now.toISOString(),
    paper: paperFor(typeof navigator === 'undefined' ? undefined : navigator.language),
    ...(brand ? { brand } : {}),
  };
  const blob = await buildFile(leads, format, options);
  const fileName = exportFileName(now, format);
  download(blob, fileName);
  return { count: leads.length, fileName, message: exportedMessage(leads.length) };
}
