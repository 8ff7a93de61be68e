import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { durationKey, FILE_DURATIONS } from '../test/support/longest-first-sequencer';
import { readTimings } from '../test/support/timing-reporter';

/**
 * `npm run -s test:timing`: the 20 slowest test files of the last run (each stage's latest), with what
 * they cost their worker, so the next person sees where the suite's time goes. `-- --save` also writes
 * them to test/support/file-durations.json, the order a fresh clone runs its files in (commit it).
 */
const save = process.argv.includes('--save');
const COUNT = Number(process.argv.slice(2).find((arg) => arg !== '--save') ?? 20);
const timings = readTimings().sort((a, b) => b.totalMs - a.totalMs);
if (timings.length === 0) {
  console.error('No timings yet: run npm test (or a vitest run) first.');
  process.exit(1);
}
if (save) {
  const durations = Object.fromEntries(
    timings
      .map((t) => [durationKey(t.project, t.file), Math.round(t.totalMs / 100) * 100] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(FILE_DURATIONS, `${JSON.stringify(durations, null, 2)}\n`);
  console.log(`Wrote ${timings.length} files' times to ${relative(process.cwd(), FILE_DURATIONS)}.\n`);
}
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rows = timings
  .slice(0, COUNT)
  .map((t) => [s(t.totalMs), s(t.importMs), s(t.testsMs), String(t.tests), t.project, t.file]);
const header = ['total', 'imports', 'tests', 'count', 'project', 'file'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells
    .map((c, i) => (i < 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
    .join('  ')
    .trimEnd();
console.log(`The ${rows.length} slowest of ${timings.length} test files (time each cost its worker):\n`);
console.log(line(header));
for (const row of rows) console.log(line(row));
const byProject = new Map<string, { files: number; ms: number }>();
for (const t of timings) {
  const p = byProject.get(t.project) ?? { files: 0, ms: 0 };
  byProject.set(t.project, { files: p.files + 1, ms: p.ms + t.totalMs });
}
console.log(
  `\nWorker time per project: ${[...byProject].map(([p, v]) => `${p} ${s(v.ms)} (${v.files} files)`).join(', ')}`,
);
