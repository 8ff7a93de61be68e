/**
 * The backend's import structure in figures (`npm run -s structure`): its domains (functions/<domain>/)
 * with files and lines, the imports between them, the imports that run against DOMAIN_RANKS, the
 * imports of another domain's repository or DynamoDB module, the DynamoDB code outside repositories,
 * and the file cycles. It reads what `npm run lint:deps` reads (dependency-cruiser's own resolution), so
 * the figures and the check cannot disagree about what imports what.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const { DOMAIN_RANKS, CONTENT } = createRequire(import.meta.url)(join(root, 'scripts/domain-ranks.cjs')) as {
  DOMAIN_RANKS: Record<string, number>;
  /** Folders of content any domain may read (templates as code): not an import of their domain. */
  CONTENT: string;
};
const isContent = (file: string) => new RegExp(CONTENT).test(file);

interface Cruised {
  modules: { source: string; dependencies: { resolved: string; module: string }[] }[];
}

const cruise = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
    'functions',
    '--config',
    join(root, '.dependency-cruiser.cjs'),
    '--output-type',
    'json',
  ],
  { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
if (cruise.status !== 0 && !cruise.stdout.startsWith('{')) {
  process.stderr.write(cruise.stderr);
  process.exit(1);
}
const modules = (JSON.parse(cruise.stdout) as Cruised).modules.filter((m) =>
  m.source.startsWith('functions/'),
);

/** functions/<domain>/… → domain; a file straight in functions/ (the route tables) → '(root)'. */
const domainOf = (file: string) => {
  const parts = file.split('/');
  return parts.length > 2 ? (parts[1] as string) : '(root)';
};
/** A file's own text says whether it talks to DynamoDB (an import of the SDK's DynamoDB clients). */
const isDynamo = (file: string) =>
  /from '@aws-sdk\/(lib-dynamodb|client-dynamodb)'/.test(readFileSync(join(root, file), 'utf8'));
const dynamoFiles = new Set(modules.map((m) => m.source).filter(isDynamo));
const isRepository = (file: string) => /-repository[.]ts$/.test(file) || dynamoFiles.has(file);

const lines = new Map<string, { files: number; lines: number }>();
for (const m of modules) {
  const d = domainOf(m.source);
  const seen = lines.get(d) ?? { files: 0, lines: 0 };
  seen.files += 1;
  seen.lines += readFileSync(join(root, m.source), 'utf8').split('\n').length;
  lines.set(d, seen);
}

const between = new Map<string, number>();
const againstRanks: string[] = [];
const crossRepository: string[] = [];
for (const m of modules) {
  for (const dep of m.dependencies) {
    if (!dep.resolved.startsWith('functions/') || isContent(dep.resolved)) continue;
    const from = domainOf(m.source);
    const to = domainOf(dep.resolved);
    if (from === to) continue;
    const key = `${from} -> ${to}`;
    between.set(key, (between.get(key) ?? 0) + 1);
    const [rankFrom, rankTo] = [DOMAIN_RANKS[from], DOMAIN_RANKS[to]];
    if (
      from !== '(root)' &&
      to !== '(root)' &&
      (rankFrom === undefined || rankTo === undefined || rankTo >= rankFrom)
    )
      againstRanks.push(`${m.source} -> ${dep.resolved}`);
    if (to !== 'core' && isRepository(dep.resolved)) crossRepository.push(`${m.source} -> ${dep.resolved}`);
  }
}

/** Tarjan's strongly connected components: every one of two nodes or more is a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, indices.get(w) as number));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}

const print = (title: string, rows: string[]) => {
  console.log(`\n${title}: ${rows.length}`);
  for (const row of rows) console.log(`  ${row}`);
};
console.log('domains (rank, files, lines):');
for (const [domain, seen] of [...lines].sort(([a], [b]) => a.localeCompare(b)))
  console.log(
    `  ${domain.padEnd(14)} ${String(DOMAIN_RANKS[domain] ?? '-').padStart(2)} ${String(seen.files).padStart(4)} ${String(seen.lines).padStart(6)}`,
  );
const edges = [...between].sort(([a], [b]) => a.localeCompare(b));
console.log(
  `\nimports between domains: ${edges.reduce((sum, [, n]) => sum + n, 0)} over ${edges.length} pairs`,
);
for (const [pair, n] of edges) console.log(`  ${pair.padEnd(30)} ${n}`);
print(
  'imports against the ranks (a domain importing its rank or above, or an unranked domain)',
  againstRanks,
);
print("imports of another domain's repository or DynamoDB module", crossRepository);
print(
  'DynamoDB code outside repositories (core excepted)',
  [...dynamoFiles].filter((f) => !/-repository[.]ts$/.test(f) && domainOf(f) !== 'core'),
);
const fileGraph = new Map(
  modules.map((m) => [
    m.source,
    m.dependencies.map((d) => d.resolved).filter((r) => r.startsWith('functions/')),
  ]),
);
const domainGraph = new Map<string, string[]>();
for (const pair of between.keys()) {
  const [from, to] = pair.split(' -> ') as [string, string];
  domainGraph.set(from, [...(domainGraph.get(from) ?? []), to]);
}
print(
  'domain cycles',
  cycles(domainGraph).map((c) => c.join(' <-> ')),
);
print(
  'file cycles',
  cycles(fileGraph).map((c) => c.join(' <-> ')),
);
