import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '../../../shared/leads';
import {
  CSV_COLUMNS,
  csvColumns,
  csvDate,
  engagementCell,
  optionalColumnsOf,
} from '../../../web/src/features/leads/export/csv-columns';
import {
  type ExportWorkerRequest,
  type ExportWorkerResponse,
  exportedMessage,
  exportFileName,
} from '../../../web/src/features/leads/export/export-files';
import {
  EXPORT_CHUNK_SIZE,
  exportLeads,
  REVOKE_URL_AFTER_MS,
} from '../../../web/src/features/leads/export/export-leads';
import {
  CSV_BOM,
  CSV_MIME,
  csvBuilder,
  csvChunk,
  leadsCsv,
} from '../../../web/src/features/leads/export/leads-csv';
import { leadOf as lead } from './lead-of';

const LEADS: Lead[] = [
  lead('zoe', {
    name: 'Zoë "Zo" Adams',
    headline: 'CTO, Founder',
    skills: 'TypeScript • AWS',
    description: 'Line one\r\nLine two\nLine three',
    website: 'https://zoe.example/?a=1&b=2',
    title: 'CTO',
    company: 'Acme, Inc.',
    location: 'Zürich, Switzerland',
    extractedAt: '2026-01-05T09:30:45.123Z',
    enrichedAt: '2026-01-06T18:05:00.000Z',
  }),
  // Only the required fields: every other cell empty.
  lead('juergen', { name: 'Jürgen Groß', extractedAt: '2026-02-28T23:59:59.999Z' }),
  // An offset timestamp is written in UTC.
  lead('lilei', {
    name: '李雷',
    headline: '🚀 Growth hacker 👩🏽‍💻',
    location: '北京',
    extractedAt: '2026-03-01T00:00:00+08:00',
  }),
  // Each of the six formula-like starts, one with a line break after it (papaparse's own pattern misses that).
  lead('formula', {
    name: '=HYPERLINK("https://evil.example","Click")',
    headline: '+1 555 0100',
    skills: '-2+3',
    description: '@SUM(A1:A9)',
    website: '\thttps://tab.example',
    title: '\rCEO',
    company: '=1+1\nsecond line',
    location: '2 = 1 + 1',
    enrichedAt: 'not a date',
  }),
  // The same characters anywhere but first, and other first characters, are left alone.
  lead('plain', {
    name: 'Ann Lee',
    headline: 'a=b, c+d',
    skills: '3D printing • C++',
    description: ' leading space',
    title: 'Head of =Growth',
    company: "'Quoted' Ltd",
    location: 'Paris',
  }),
];

const HEADER =
  'Name,Headline,Skills,Description,Profile URL,Website,Title,Company,Location,Extracted Date,Enhanced Date';

const EXPECTED =
  '\ufeff' +
  `${HEADER}\r\n` +
  '"Zoë ""Zo"" Adams","CTO, Founder","TypeScript • AWS","Line one\r\nLine two\nLine three",' +
  '"https://www.linkedin.com/in/zoe","https://zoe.example/?a=1&b=2","CTO","Acme, Inc.","Zürich, Switzerland",' +
  '2026-01-05 09:30,2026-01-06 18:05\r\n' +
  '"Jürgen Groß","","","","https://www.linkedin.com/in/juergen","","","","",2026-02-28 23:59,\r\n' +
  '"李雷","🚀 Growth hacker 👩🏽‍💻","","","https://www.linkedin.com/in/lilei","","","","北京",2026-02-28 16:00,\r\n' +
  `"'=HYPERLINK(""https://evil.example"",""Click"")","'+1 555 0100","'-2+3","'@SUM(A1:A9)",` +
  `"https://www.linkedin.com/in/formula","'\thttps://tab.example","'\rCEO","'=1+1\nsecond line","2 = 1 + 1",` +
  '2026-04-10 07:08,\r\n' +
  `"Ann Lee","a=b, c+d","3D printing • C++"," leading space","https://www.linkedin.com/in/plain","",` +
  `"Head of =Growth","'Quoted' Ltd","Paris",2026-04-10 07:08,\r\n`;

describe('leads CSV (part 2 section 5, issue 12 point 3)', () => {
  it('writes the exact file: BOM, header, quoted text cells, bare dates, CRLF after every record', () => {
    expect(leadsCsv(LEADS)).toBe(EXPECTED);
  });

  it("has the spec's columns, in order, as the first row after the BOM", () => {
    expect(CSV_COLUMNS.map((column) => column.header)).toEqual([
      'Name',
      'Headline',
      'Skills',
      'Description',
      'Profile URL',
      'Website',
      'Title',
      'Company',
      'Location',
      'Extracted Date',
      'Enhanced Date',
    ]);
    expect(leadsCsv(LEADS).startsWith(`\ufeff${HEADER}\r\n`)).toBe(true);
  });

  it('starts with the UTF-8 byte order mark and ends with CRLF, as bytes', () => {
    const bytes = new TextEncoder().encode(leadsCsv(LEADS));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect([...bytes.slice(-2)]).toEqual([0x0d, 0x0a]);
    // Zoë's ë is two UTF-8 bytes, not a Latin-1 byte.
    const afterHeader = new TextEncoder().encode(`\ufeff${HEADER}\r\n"Zo`).length;
    expect([...bytes.slice(afterHeader, afterHeader + 2)]).toEqual([0xc3, 0xab]);
  });

  it('neutralises each of the six formula-like starts with a leading apostrophe', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const csv = leadsCsv([lead('x', { name: `${start}1+1\nnext` })]);
      expect(csv.split('\r\n')[1]).toBe(
        `"'${start}1+1\nnext","","","","https://www.linkedin.com/in/x","","","","",2026-04-10 07:08,`,
      );
    }
    for (const start of ['1', 'a', 'Z', "'", ' ', '"', '\n']) {
      const csv = leadsCsv([lead('x', { name: `${start}=1` })]);
      expect(csv).toContain(`\r\n"${start === '"' ? '""' : start}=1",`);
    }
  });

  it('writes only the BOM and the header row for no leads', () => {
    expect(leadsCsv([])).toBe(`\ufeff${HEADER}\r\n`);
  });

  it('writes dates as YYYY-MM-DD HH:mm in UTC, empty when missing or not a date', () => {
    expect(csvDate('2026-12-31T23:59:59.999Z')).toBe('2026-12-31 23:59');
    expect(csvDate('2027-01-01T01:30:00+02:00')).toBe('2026-12-31 23:30');
    expect(csvDate(undefined)).toBe('');
    expect(csvDate('')).toBe('');
    expect(csvDate('yesterday')).toBe('');
  });
});

describe('the columns of DECISIONS 26 (Handle, Followers, Verified, Engagement)', () => {
  const header = (csv: string) => csv.replace(/^\ufeff/, '').split('\r\n')[0];
  const record = (csv: string, n = 1) => csv.split('\r\n')[n];
  const plain = lead('plain', { name: 'Ann Lee' });
  const x = lead('x', {
    name: 'Ada',
    profileUrl: 'https://x.com/ada',
    handle: 'ada',
    followersCount: 1234,
    followingCount: 56,
    verified: true,
    isPrivate: false,
    engagement: { type: 'commented', text: 'Great "post"', at: '2026-01-10T09:30:00.000Z' },
  });

  it('none of the extra fields: exactly the spec’s eleven columns, the file unchanged', () => {
    expect(optionalColumnsOf(LEADS)).toEqual([]);
    expect(header(leadsCsv(LEADS))).toBe(HEADER);
    expect(leadsCsv(LEADS)).toBe(EXPECTED);
    expect(csvColumns()).toEqual(CSV_COLUMNS);
  });

  it('one lead with a handle adds Handle after the eleven, empty for the others', () => {
    const withHandle = lead('h', { name: 'Hal', handle: 'hal_9000' });
    const csv = leadsCsv([plain, withHandle]);
    expect(header(csv)).toBe(`${HEADER},Handle`);
    expect(record(csv, 1)).toBe(
      '"Ann Lee","","","","https://www.linkedin.com/in/plain","","","","",2026-04-10 07:08,,""',
    );
    expect(record(csv, 2)).toMatch(/,2026-04-10 07:08,,"hal_9000"$/);
  });

  it('adds each extra column only when some lead has its field, in the order Handle, Followers, Verified, Engagement', () => {
    const only = (fields: Partial<Lead>) => header(leadsCsv([plain, lead('o', { name: 'O', ...fields })]));
    expect(only({ followersCount: 0 })).toBe(`${HEADER},Followers`);
    expect(only({ verified: false })).toBe(`${HEADER},Verified`);
    expect(only({ engagement: { type: 'liked' } })).toBe(`${HEADER},Engagement`);
    // Following and private have no column (DECISIONS 26 names four).
    expect(only({ followingCount: 3, isPrivate: true })).toBe(HEADER);
    expect(header(leadsCsv([x, plain]))).toBe(`${HEADER},Handle,Followers,Verified,Engagement`);
    expect(optionalColumnsOf([plain, x])).toEqual(['handle', 'followers', 'verified', 'engagement']);
  });

  it('writes the count bare, the flag as Yes or No, the engagement as one quoted text cell', () => {
    const csv = leadsCsv([x, lead('n', { name: 'Nia', verified: false, followersCount: 0 }), plain]);
    expect(record(csv, 1)).toBe(
      '"Ada","","","","https://x.com/ada","","","","",2026-04-10 07:08,,' +
        '"ada",1234,"Yes","commented on 2026-01-10 09:30: Great ""post"""',
    );
    expect(record(csv, 2)).toMatch(/,2026-04-10 07:08,,"",0,"No",""$/);
    expect(record(csv, 3)).toMatch(/,2026-04-10 07:08,,"",,"",""$/);
  });

  it('an engagement cell names the type, then the time and the text when given', () => {
    expect(engagementCell({ type: 'liked' })).toBe('liked');
    expect(engagementCell({ type: 'reacted' })).toBe('reacted');
    expect(engagementCell({ type: 'quoted', text: 'So true' })).toBe('quoted: So true');
    expect(engagementCell({ type: 'reposted', at: '2026-03-01T00:00:00+08:00' })).toBe(
      'reposted on 2026-02-28 16:00',
    );
    expect(engagementCell(undefined)).toBe('');
  });

  it('neutralises a formula in the extra cells too', () => {
    const csv = leadsCsv([
      lead('f', { name: 'F', handle: '=cmd', engagement: { type: 'quoted', text: '=1+1' } }),
    ]);
    expect(record(csv)).toMatch(/,"'=cmd","quoted: =1\+1"$/);
  });

  it('chunks of one export give the columns of the whole export, decided before the header', () => {
    const many = Array.from({ length: 4001 }, (_, i) =>
      lead(`m${i}`, { name: `Lead ${i}`, ...(i === 4000 ? { handle: 'last_one' } : {}) }),
    );
    const optional = optionalColumnsOf(many);
    expect(optional).toEqual(['handle']);
    const builder = csvBuilder(optional);
    for (let start = 0; start < many.length; start += 2000) builder.add(many.slice(start, start + 2000));
    expect(builder.parts().join('')).toBe(leadsCsv(many));
    expect(header(leadsCsv(many))).toBe(`${HEADER},Handle`);
  });
});

describe('building the CSV in chunks (the worker and the fallback)', () => {
  const many = Array.from({ length: 5001 }, (_, i) =>
    lead(`lead-${i}`, {
      name: i % 7 === 0 ? `=Lead ${i}` : `Lead "${i}", Zoë`,
      headline: i % 3 === 0 ? `Line\r\n${i}` : undefined,
      ...(i % 2 === 0 ? { enrichedAt: '2026-05-01T12:00:00.000Z' } : {}),
    }),
  );

  it('gives exactly the text of leadsCsv for 5,001 leads in chunks of 2,000', () => {
    let text = CSV_BOM;
    for (let start = 0; start < many.length; start += 2000) {
      text += csvChunk(many.slice(start, start + 2000), { header: start === 0 });
    }
    expect(text).toBe(leadsCsv(many));
    expect(text.split('\r\n').length).toBeGreaterThan(5002);
  });

  it('csvBuilder parts join to the same text, and to BOM and header alone without leads', () => {
    const builder = csvBuilder();
    for (let start = 0; start < many.length; start += 2000) builder.add(many.slice(start, start + 2000));
    expect(builder.parts().join('')).toBe(leadsCsv(many));
    expect(csvBuilder().parts().join('')).toBe(leadsCsv([]));
  });
});

describe('file name and success message', () => {
  it('names the file after the local date, month and day padded', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe('leads-export-2026-01-05.csv');
    expect(exportFileName(new Date(2026, 11, 31, 0, 0))).toBe('leads-export-2026-12-31.csv');
    expect(exportFileName(new Date(2026, 9, 9))).toBe('leads-export-2026-10-09.csv');
  });

  it("says 'Exported {n} leads with enhanced profile data'", () => {
    expect(exportedMessage(3)).toBe('Exported 3 leads with enhanced profile data');
    expect(exportedMessage(50000)).toBe('Exported 50,000 leads with enhanced profile data');
    expect(exportedMessage(1)).toBe('Exported 1 leads with enhanced profile data');
    expect(exportedMessage(0)).toBe('Exported 0 leads with enhanced profile data');
  });
});

/** The file's bytes (the blob comes from jsdom's realm, so plain numbers compare across it). */
const bytesOf = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];
/** The file's text, BOM kept (`Blob.text()` drops it). */
const fileText = async (blob: Blob) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await bytesOf(blob)));

describe('exportLeadsCsv (download)', () => {
  let blobs: Blob[];
  let clicks: { download: string; href: string; attached: boolean }[];
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;

  beforeEach(() => {
    blobs = [];
    clicks = [];
    // jsdom has no object URLs.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:http://localhost/${blobs.length}`;
    });
    URL.revokeObjectURL = vi.fn();
    // jsdom would try to navigate to the blob: URL.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href, attached: document.body.contains(this) });
    });
  });

  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('builds on the main thread without Worker (jsdom) and clicks a download link to an object URL', async () => {
    expect(typeof Worker).toBe('undefined');
    vi.useFakeTimers();
    const done = exportLeads(LEADS, 'csv', new Date(2026, 2, 7, 10, 0));
    await vi.advanceTimersByTimeAsync(REVOKE_URL_AFTER_MS - 1);
    await expect(done).resolves.toEqual({
      count: 5,
      fileName: 'leads-export-2026-03-07.csv',
      message: 'Exported 5 leads with enhanced profile data',
    });

    expect(clicks).toEqual([
      { download: 'leads-export-2026-03-07.csv', href: 'blob:http://localhost/1', attached: true },
    ]);
    expect(document.querySelector('a')).toBeNull();
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe(CSV_MIME);
    expect(await bytesOf(blobs[0]!)).toEqual([...new TextEncoder().encode(EXPECTED)]);

    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/1');
  });

  /** A Worker that runs the real export.worker.ts in this thread, messages crossing on later tasks. */
  async function stubWorker(options: { fail?: boolean } = {}) {
    const scope: {
      onmessage: ((event: { data: ExportWorkerRequest }) => void) | null;
      postMessage: (message: ExportWorkerResponse) => void;
    } = { onmessage: null, postMessage: () => {} };
    vi.stubGlobal('self', scope);
    vi.resetModules();
    await import('../../../web/src/features/leads/export/export.worker');
    vi.unstubAllGlobals();

    const created: { url: string; options: WorkerOptions | undefined }[] = [];
    const posted: ExportWorkerRequest[] = [];
    let terminated = 0;
    class FakeWorker {
      onmessage: ((event: { data: ExportWorkerResponse }) => void) | null = null;
      onerror: ((event: { message: string; preventDefault: () => void }) => void) | null = null;
      onmessageerror: (() => void) | null = null;
      constructor(url: URL, workerOptions?: WorkerOptions) {
        created.push({ url: url.href, options: workerOptions });
        scope.postMessage = (message) => setTimeout(() => this.onmessage?.({ data: message }), 0);
      }
      postMessage(message: ExportWorkerRequest) {
        posted.push(message);
        if (options.fail) {
          setTimeout(() => this.onerror?.({ message: 'blocked', preventDefault: () => {} }), 0);
          return;
        }
        const copy = structuredClone(message);
        setTimeout(() => scope.onmessage?.({ data: copy }), 0);
      }
      terminate() {
        terminated += 1;
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    return { created, posted, terminated: () => terminated };
  }

  it('posts the leads to a module worker in chunks and downloads the Blob it answers', async () => {
    const worker = await stubWorker();
    const many = Array.from({ length: 4500 }, (_, i) => lead(`w${i}`, { name: `Lead ${i}` }));

    const result = await exportLeads(many, 'csv', new Date(2026, 6, 1));

    expect(result).toMatchObject({ count: 4500, fileName: 'leads-export-2026-07-01.csv' });
    expect(worker.created).toHaveLength(1);
    expect(worker.created[0]!.url).toMatch(/\/export\.worker\.ts(\?|$)/);
    expect(worker.created[0]!.options).toEqual({ type: 'module' });
    expect(worker.posted.map((m) => (m.type === 'rows' ? m.leads.length : m.type))).toEqual([
      'start',
      EXPORT_CHUNK_SIZE,
      EXPORT_CHUNK_SIZE,
      500,
      'end',
    ]);
    expect(worker.terminated()).toBe(1);
    expect(clicks.map((c) => c.download)).toEqual(['leads-export-2026-07-01.csv']);
    expect(blobs[0]!.type).toBe(CSV_MIME);
    expect(await fileText(blobs[0]!)).toBe(leadsCsv(many));
  });

  it('tells the worker the extra columns of the whole export before the first chunk', async () => {
    const worker = await stubWorker();
    const many = Array.from({ length: 2500 }, (_, i) =>
      lead(`w${i}`, { name: `Lead ${i}`, ...(i === 2499 ? { followersCount: 7, verified: true } : {}) }),
    );

    await exportLeads(many, 'csv', new Date(2026, 6, 1));

    expect(worker.posted[0]).toMatchObject({
      type: 'start',
      format: 'csv',
      optional: ['followers', 'verified'],
    });
    const text = await fileText(blobs[0]!);
    expect(text).toBe(leadsCsv(many));
    expect(text.split('\r\n')[0]).toBe(`\ufeff${HEADER},Followers,Verified`);
  });

  it('builds on the main thread when the worker fails to start', async () => {
    const worker = await stubWorker({ fail: true });

    const result = await exportLeads(LEADS, 'csv', new Date(2026, 6, 1));

    expect(result.count).toBe(5);
    expect(worker.terminated()).toBe(1);
    expect(await fileText(blobs[0]!)).toBe(EXPECTED);
  });
});
