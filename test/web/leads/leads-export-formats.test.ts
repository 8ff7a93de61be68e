import { strFromU8, unzipSync } from 'fflate';
import readExcelFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import type { Lead } from '../../../shared/leads';
import { CSV_COLUMNS, optionalColumnsOf } from '../../../web/src/features/leads/export/csv-columns';
import { exportFileName } from '../../../web/src/features/leads/export/export-files';
import { JSON_MIME, jsonBuilder } from '../../../web/src/features/leads/export/leads-json';
import { SHEET_NAME, XLSX_MIME, xlsxBuilder } from '../../../web/src/features/leads/export/leads-xlsx';
import { leadOf as lead } from './lead-of';

const LINKEDIN: Lead[] = [
  lead('zoe', {
    name: 'Zoë "Zo" Adams',
    headline: 'CTO, Founder',
    skills: 'TypeScript • AWS',
    description: 'Line one\nLine two',
    website: 'https://zoe.example/?a=1&b=2',
    title: 'CTO',
    company: 'Acme, Inc.',
    location: 'Zürich, Switzerland',
    extractedAt: '2026-01-05T09:30:00.000Z',
    enrichedAt: '2026-01-06T18:05:59.000Z',
  }),
  lead('lilei', { name: '李雷', headline: '🚀 Growth', location: '北京', enrichedAt: 'not a date' }),
  lead('formula', {
    name: '=HYPERLINK("https://evil.example","Click")',
    company: '+1 555',
    title: 'Head of =Growth',
  }),
];

const X_LEAD = lead('x-1', {
  name: 'Ada X',
  profileUrl: 'https://x.com/ada',
  handle: 'ada',
  followersCount: 1234,
  verified: false,
  engagement: { type: 'commented', at: '2026-03-01T10:00:00.000Z', text: 'Great post!' },
});

const HEADERS = CSV_COLUMNS.map((column) => column.header);

async function build(builder: ReturnType<typeof jsonBuilder>, leads: Lead[], chunk = 2): Promise<Blob> {
  for (let at = 0; at < leads.length; at += chunk) builder.add(leads.slice(at, at + chunk));
  return builder.finish();
}

describe('leads JSON (DECISIONS 30)', () => {
  it("holds exactly the leads, each with the CSV's columns under the spec's field names, in order", async () => {
    const blob = await build(jsonBuilder(), LINKEDIN);
    expect(blob.type).toBe(JSON_MIME);
    const rows = JSON.parse(await blob.text()) as Record<string, unknown>[];
    expect(rows).toHaveLength(3);
    expect(Object.keys(rows[0]!)).toEqual([
      'name',
      'headline',
      'skills',
      'description',
      'profileUrl',
      'website',
      'title',
      'company',
      'location',
      'extractedAt',
      'enrichedAt',
    ]);
    expect(rows[0]).toEqual({
      name: 'Zoë "Zo" Adams',
      headline: 'CTO, Founder',
      skills: 'TypeScript • AWS',
      description: 'Line one\nLine two',
      profileUrl: 'https://www.linkedin.com/in/zoe',
      website: 'https://zoe.example/?a=1&b=2',
      title: 'CTO',
      company: 'Acme, Inc.',
      location: 'Zürich, Switzerland',
      extractedAt: '2026-01-05T09:30:00.000Z',
      enrichedAt: '2026-01-06T18:05:59.000Z',
    });
    // Absent fields are null (every lead has every key); a stored date that is not one is null too.
    expect(rows[1]).toMatchObject({ name: '李雷', skills: null, location: '北京', enrichedAt: null });
    // JSON is data, not a spreadsheet: formula-looking text stays as it is.
    expect(rows[2]).toMatchObject({ name: '=HYPERLINK("https://evil.example","Click")', company: '+1 555' });
  });

  it('types the DECISIONS 26 columns: the count as a number, the flag as a boolean, the engagement as its object', async () => {
    const leads = [...LINKEDIN.slice(0, 1), X_LEAD];
    const rows = JSON.parse(await (await build(jsonBuilder(optionalColumnsOf(leads)), leads)).text());
    expect(rows[1]).toMatchObject({
      handle: 'ada',
      followersCount: 1234,
      verified: false,
      engagement: { type: 'commented', at: '2026-03-01T10:00:00.000Z', text: 'Great post!' },
    });
    expect(rows[0]).toMatchObject({ handle: null, followersCount: null, verified: null, engagement: null });
  });

  it('is the same file whatever the chunks, and an empty array for no leads', async () => {
    const one = await (await build(jsonBuilder(), LINKEDIN, 100)).text();
    const many = await (await build(jsonBuilder(), LINKEDIN, 1)).text();
    expect(many).toBe(one);
    expect(JSON.parse(await (await jsonBuilder().finish()).text())).toEqual([]);
  });
});

async function readBack(blob: Blob) {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const sheets = await readExcelFile(Buffer.from(bytes));
  const files = unzipSync(bytes);
  const xml = (name: string) => strFromU8(files[name]!);
  return { sheets, xml };
}

describe('leads Excel workbook (DECISIONS 30)', () => {
  it('reads back in an xlsx reader with the header and exactly the leads, dates as date cells in UTC', async () => {
    const blob = await build(xlsxBuilder(), LINKEDIN);
    expect(blob.type).toBe(XLSX_MIME);
    const { sheets } = await readBack(blob);
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.sheet).toBe(SHEET_NAME);
    const [header, ...rows] = sheets[0]!.data;
    expect(header).toEqual(HEADERS);
    expect(rows).toHaveLength(3);
    // A date cell is a fraction of days: read back, it is the same time within a millisecond.
    const toSecond = (cell: unknown) =>
      cell instanceof Date ? new Date(Math.round(cell.getTime() / 1000) * 1000) : cell;
    expect(rows[0]!.map(toSecond)).toEqual([
      'Zoë "Zo" Adams',
      'CTO, Founder',
      'TypeScript • AWS',
      'Line one\nLine two',
      'https://www.linkedin.com/in/zoe',
      'https://zoe.example/?a=1&b=2',
      'CTO',
      'Acme, Inc.',
      'Zürich, Switzerland',
      new Date('2026-01-05T09:30:00.000Z'),
      new Date('2026-01-06T18:05:59.000Z'),
    ]);
    expect(rows[1]![0]).toBe('李雷');
    expect(rows[1]![2]).toBeNull();
    expect(rows[1]![10]).toBeNull();
  });

  it("starts formula-looking text with ', as the CSV does, and leaves the rest alone", async () => {
    const { sheets } = await readBack(await build(xlsxBuilder(), LINKEDIN));
    const formula = sheets[0]!.data[3]!;
    expect(formula[0]).toBe(`'=HYPERLINK("https://evil.example","Click")`);
    expect(formula[7]).toBe(`'+1 555`);
    expect(formula[6]).toBe('Head of =Growth');
  });

  it('writes the follower count as a number and the other DECISIONS 26 columns as the CSV words them', async () => {
    const leads = [X_LEAD];
    const { sheets } = await readBack(await build(xlsxBuilder(optionalColumnsOf(leads)), leads));
    const [header, row] = sheets[0]!.data;
    expect(header!.slice(11)).toEqual(['Handle', 'Followers', 'Verified', 'Engagement']);
    expect(row!.slice(11)).toEqual(['ada', 1234, 'No', 'commented on 2026-03-01 10:00: Great post!']);
  });

  it('keeps the bold header row frozen, shows dates as yyyy-mm-dd hh:mm and sizes each column to its cells', async () => {
    const { xml } = await readBack(await build(xlsxBuilder(), LINKEDIN));
    const sheet = xml('xl/worksheets/sheet1.xml');
    expect(sheet).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
    const widths = [...sheet.matchAll(/<col [^>]*width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths).toHaveLength(11);
    // Name holds a 42-character cell; Skills only 'TypeScript • AWS'; dates fit 'yyyy-mm-dd hh:mm'.
    expect(widths[0]).toBe(45);
    expect(widths[2]).toBe(18);
    expect(widths[9]).toBeGreaterThanOrEqual(18);
    const styles = xml('xl/styles.xml');
    expect(styles).toContain('yyyy-mm-dd hh:mm');
    expect(styles).toMatch(/<b\s*\/>/);
  });
});

describe('export file names', () => {
  it('are leads-export-{local date}.{csv|json|xlsx}', () => {
    const day = new Date(2026, 0, 5, 23, 59);
    expect(exportFileName(day, 'csv')).toBe('leads-export-2026-01-05.csv');
    expect(exportFileName(day, 'json')).toBe('leads-export-2026-01-05.json');
    expect(exportFileName(day, 'excel')).toBe('leads-export-2026-01-05.xlsx');
  });
});
