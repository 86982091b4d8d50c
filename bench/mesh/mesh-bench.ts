/**
 * Mesh analysis benchmark: our readers + analysis against admesh and numpy-stl on generated rings
 * (100k, 1M, 4M binary triangles; 1M ASCII triangles). Every tool runs as a child process under
 * /usr/bin/time for wall time and peak memory; ours also reports its in-process time (file already in
 * memory, best of several runs). Writes bench/mesh/RESULTS.md. Not a timed test: numbers vary with the machine.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { once } from 'node:events';
import { exactVolume } from '../../packages/domain/src/mesh/exact-reference.test-helper.ts';
import { generateTorus } from '../../packages/domain/src/mesh/generate-meshes.ts';
import { readMesh } from '../../packages/domain/src/mesh/read-mesh.ts';
import { writeStlAscii, writeStlBinary } from '../../packages/domain/src/mesh/write-stl.ts';

const OUT = new URL('../out/mesh/', import.meta.url);
const HERE = new URL('./', import.meta.url);

interface Case {
  name: string;
  file: string;
  triangles: number;
  ascii: boolean;
  digits: number;
}

/** A ring (inner diameter 17 mm, 2 mm band) off the origin, with majorSegments x minorSegments x 2 triangles. */
function ring(major: number, minor: number): Float32Array {
  return generateTorus(9.5, 1, [120.5, -40.25, 7.75], major, minor);
}

async function makeFiles(): Promise<Case[]> {
  mkdirSync(OUT, { recursive: true });
  const specs = [
    { name: '100k binary', file: 'ring-100k.stl', grid: [250, 200], ascii: false },
    { name: '1M binary', file: 'ring-1m.stl', grid: [1000, 500], ascii: false },
    { name: '4M binary', file: 'ring-4m.stl', grid: [2000, 1000], ascii: false },
    { name: '1M ASCII', file: 'ring-1m-ascii.stl', grid: [1000, 500], ascii: true },
    { name: '1M ASCII 17-digit', file: 'ring-1m-ascii-17.stl', grid: [1000, 500], ascii: true, digits: 17 },
  ] as const;
  const cases: Case[] = [];
  for (const spec of specs) {
    const path = new URL(spec.file, OUT).pathname;
    const triangles = spec.grid[0] * spec.grid[1] * 2;
    if (!existsSync(path)) {
      console.log(`writing ${spec.file} (${triangles} triangles)`);
      const positions = ring(spec.grid[0], spec.grid[1]);
      if (spec.ascii) {
        const out = createWriteStream(path);
        for (const text of writeStlAscii(positions, 'ring', 20_000, 'digits' in spec ? spec.digits : 9)) {
          if (!out.write(text)) await once(out, 'drain');
        }
        out.end();
        await once(out, 'finish');
      } else {
        writeFileSync(path, writeStlBinary(positions, 'ring'));
      }
    }
    cases.push({
      name: spec.name,
      file: path,
      triangles,
      ascii: spec.ascii,
      digits: 'digits' in spec ? spec.digits : 9,
    });
  }
  return cases;
}

type Figures = Partial<Record<string, number>>;
type Timing = { wallMs: number; maxRssMb: number; cpuMs: number };

/** The JSON line a child printed last, with wall time and peak RSS from /usr/bin/time. */
function withFigures(run: Run): Figures & Timing {
  const figures = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Figures;
  return { ...figures, wallMs: run.wallMs, maxRssMb: run.maxRssMb, cpuMs: run.cpuMs };
}

interface Run {
  wallMs: number;
  /** user + system CPU time of the process, all its threads (10 ms steps) */
  cpuMs: number;
  maxRssMb: number;
  stdout: string;
}

/** Runs a command under /usr/bin/time -f, returning wall time, CPU time, peak RSS and what it printed. */
function timed(command: string, args: string[]): Run {
  const result = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M %U %S', command, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const line = result.stderr.split('\n').find((l) => l.startsWith('TIME '));
  if (!line) throw new Error(`${command} failed: ${result.stderr.slice(-500)}`);
  const [, seconds, kb, user, system] = line.split(' ');
  return {
    wallMs: Number(seconds) * 1000,
    cpuMs: (Number(user) + Number(system)) * 1000,
    maxRssMb: Number(kb) / 1024,
    stdout: result.stdout,
  };
}

/**
 * Our child script, bundled to plain JavaScript with esbuild (already installed for Vite) so the child does
 * not carry tsx's compiler in its memory; tsx when esbuild is missing.
 */
function ourCommand(): string[] {
  const source = new URL('analyse-file.ts', HERE).pathname;
  const bundle = new URL('analyse-file.mjs', OUT).pathname;
  const esbuild = new URL('../../node_modules/.bin/esbuild', HERE).pathname;
  const built = spawnSync(esbuild, [
    source,
    '--bundle',
    '--platform=node',
    '--format=esm',
    '--target=node20',
    `--outfile=${bundle}`,
    '--log-level=error',
  ]);
  return built.status === 0 ? [bundle] : ['--import', 'tsx', source];
}

let command: string[] | undefined;

/** The CLI's bundle as `npm run analyze` runs it (built at install; rebuilt here when missing or stale). */
async function cliEntry(): Promise<string> {
  const { ANALYZE_ENTRY, buildAnalyze } = (await import(
    new URL('../../scripts/build-analyze.mjs', HERE).href
  )) as { ANALYZE_ENTRY: string; buildAnalyze: () => Promise<boolean> };
  await buildAnalyze();
  return ANALYZE_ENTRY;
}

/**
 * Our whole process as a designer runs it: `node` on the CLI's bundle (what `npm run analyze -- FILE` starts
 * after npm's own start-up), three fresh runs: the best wall, the highest peak RSS, the volume it printed.
 */
function cliRuns(entry: string, file: string): Timing & { volumeMm3: number } {
  const runs = [0, 1, 2].map(() => timed(process.execPath, [entry, file]));
  const best = runs.reduce((a, b) => (a.wallMs <= b.wallMs ? a : b));
  const printed = JSON.parse(best.stdout) as { volumeMm3: number };
  return {
    wallMs: best.wallMs,
    cpuMs: Math.min(...runs.map((r) => r.cpuMs)),
    maxRssMb: Math.max(...runs.map((r) => r.maxRssMb)),
    volumeMm3: printed.volumeMm3,
  };
}

function ours(file: string, mode: 'full' | 'measure' | 'stream', repeats: number): Figures & Timing {
  command ??= ourCommand();
  const run = timed(process.execPath, [...command, file, mode, String(repeats)]);
  return withFigures(run);
}

/** Three fresh streamed runs: the best time and wall, the highest peak RSS. */
function streamed(file: string): Figures & Timing {
  const runs = [0, 1, 2].map(() => ours(file, 'stream', 1));
  const best = runs.reduce((a, b) => (a.wallMs <= b.wallMs ? a : b));
  // each run is a single cold run: its first is its best
  const fastest = Math.min(...runs.map((r) => r.bestMs!));
  return {
    ...best,
    bestMs: fastest,
    firstMs: fastest,
    cpuMs: Math.min(...runs.map((r) => r.cpuMs)),
    maxRssMb: Math.max(...runs.map((r) => r.maxRssMb)),
  };
}

/**
 * admesh with the given checks, best wall of `runs` fresh runs (as ours); it prints a volume only when it
 * checks normal values (-v) or runs all checks.
 */
function admesh(file: string, options: string[], runs = 1): Run & { volume: number } {
  const all = Array.from({ length: runs }, () => timed('/usr/bin/admesh', [...options, file]));
  const run = { ...all.reduce((a, b) => (a.wallMs <= b.wallMs ? a : b)) };
  run.cpuMs = Math.min(...all.map((r) => r.cpuMs));
  const volume = Number(/Volume\s*:\s*([-\d.e+]+)/.exec(run.stdout)?.[1]);
  return { ...run, volume };
}

function numpyStl(file: string): Figures & Timing {
  const run = timed('/usr/bin/python3', [new URL('numpy_stl_bench.py', HERE).pathname, file]);
  return withFigures(run);
}

const ms = (v: number): string => (v < 100 ? v.toFixed(1) : v.toFixed(0));
const mb = (v: number): string => v.toFixed(0);
/** Best of the repeats, and the first (cold) run when there were several. */
const inProcess = (f: Figures): string =>
  f.firstMs !== undefined && f.firstMs !== f.bestMs
    ? `${ms(f.bestMs!)} (first ${ms(f.firstMs)})`
    : ms(f.bestMs!);
/** Ours against theirs, like with like: below 1 is faster than theirs. */
// a time below the clock's resolution (GNU time counts in 10 ms) makes no ratio
const ratio = (mine: number, theirs: number): string =>
  theirs > 0 ? `${(mine / theirs).toFixed(2)}x` : '(under 10 ms)';
const load1 = (): string => loadavg()[0]!.toFixed(2);
const relErr = (v: number, ref: number): string =>
  v === ref ? '0' : Math.abs((v - ref) / ref).toExponential(1);

function machine(): string {
  const model =
    /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model ?? '?';
  const nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
  const versions = execFileSync('dpkg-query', ['-W', '-f=${Package} ${Version}; ', 'admesh', 'python3-stl'], {
    encoding: 'utf8',
  })
    .trim()
    .replace(/;$/, '');
  return `nproc ${nproc}; CPU ${model}; node ${process.version}; Debian ${versions}`;
}

export async function runMeshBench(): Promise<void> {
  if (!existsSync('/usr/bin/admesh') || spawnSync('/usr/bin/python3', ['-c', 'import stl']).status !== 0) {
    console.error('mesh bench needs Debian packages: apt-get install -y admesh python3-stl');
    process.exitCode = 1;
    return;
  }
  // MESH_BENCH_MODELS=1m,4m: only the models whose file names contain one of these (a quick look; the
  // committed RESULTS.md is written from a run of all of them)
  const only = process.env.MESH_BENCH_MODELS?.split(',');
  const cases = (await makeFiles()).filter((c) => !only || only.some((part) => c.file.includes(part)));
  const entry = await cliEntry();
  const lines: string[] = [];
  const say = (line = ''): void => {
    console.log(line);
    lines.push(line);
  };
  say('# Mesh analysis benchmark');
  say();
  say(
    `Measured ${new Date().toISOString().slice(0, 16)}Z with \`npm run bench -- mesh\`. Machine: ${machine()}.`,
  );
  say(
    `Load average when starting: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')} (other work on the machine slows every tool).`,
  );
  say();
  say(
    'Models: a ring (inner diameter 17 mm, 2 x 2 mm round band) placed off the origin, as binary and ASCII STL.',
  );
  say(
    '"in-process": our read (from bytes already in memory) + analysis, best of several runs in one process',
  );
  say('(the first, cold run in brackets: later runs reuse the scratch arena, as a server worker does).');
  say(
    "Our child processes run the analysis bundled to plain JavaScript (esbuild), so their memory is node's own plus the data.",
  );
  say(
    '"wall": the whole child process (start-up, reading the file, analysis) under `/usr/bin/time`; peak RSS from the same.',
  );
  say(
    'For "ours full" wall and RSS: our CLI as a designer runs it, `node` on its prebuilt bundle (what `npm run analyze',
  );
  say(
    "-- FILE` starts after npm's own start-up: the file read in 1 MiB chunks, the edge lists written over the corners,",
  );
  say(
    'the process ended once its JSON is written), three fresh processes: the best wall, the highest peak RSS. admesh',
  );
  say(
    '`-e -v` is also the best of three fresh runs. "ours streamed, bench child": the bench\'s own child doing the same',
  );
  say(
    '(three fresh runs). For "ours measure only" wall and RSS are the whole child with its repeats, the file in memory.',
  );
  say('"full" includes welding and the soundness checks; "measure" is size, area and volume only.');
  say(
    'admesh: `-e -v` (exact edge matching + normal values, which gives its volume) against our full analysis;',
  );
  say('also with all its checks (its default); `-c` (no checks) against our measure only.');
  say('numpy-stl: load + get_mass_properties (float32) + areas + size. "numpy-stl float64" is its triangles');
  say('summed in double precision (math.fsum), the reference the tests use for the fixtures.');
  say(
    'Volume error: against the exact polyhedral volume of the float32 corners (BigInt arithmetic, computed here).',
  );
  say(
    'Ratios compare like with like: "ours wall / admesh wall" is whole process against whole process (ours full',
  );
  say(
    'against `admesh -e -v`, ours measure only against `admesh -c`); "ours / numpy-stl in-process" is our in-process',
  );
  say(
    "best against numpy-stl's own timing inside its process (load + mass properties). Below 1x: ours is faster.",
  );
  say(
    '"CPU ms": user + system time of the whole process and all its threads (the least of the runs); on a shared,',
  );
  say(
    'busy machine it moves far less than wall time, so "ours CPU / admesh CPU" is the steadier like-with-like ratio.',
  );
  say('"load": the 1-minute load average when the row was measured.');
  say();
  say(
    '| model | tool | in-process ms | wall ms | CPU ms | peak RSS MB | ours wall / admesh wall | ours CPU / admesh CPU | ours / numpy-stl in-process | volume rel. error | load |',
  );
  say('|---|---|---|---|---|---|---|---|---|---|---|');
  const inMemoryAscii: Record<number, number> = {};
  for (const c of cases) {
    const size = `${(statSync(c.file).size / 1e6).toFixed(0)} MB`;
    const repeats = c.triangles >= 4e6 ? 4 : 8;
    const np = numpyStl(c.file);
    // wall and memory of one run as the CLI does it (the file streamed in 1 MiB chunks), three times
    const once = streamed(c.file);
    const full = c.ascii ? once : ours(c.file, 'full', repeats);
    const measure = ours(c.file, c.ascii ? 'full' : 'measure', c.ascii ? 3 : repeats);
    const cli = cliRuns(entry, c.file);
    const adE = admesh(c.file, ['-e', '-v'], 3);
    const adAll = admesh(c.file, []);
    const adC = admesh(c.file, ['-c']);
    const ref = exactVolume(readMesh(new Uint8Array(readFileSync(c.file)), c.file).positions);
    const label = `${c.name} (${size})`;
    if (c.ascii && measure) inMemoryAscii[c.digits] = measure.bestMs!;
    say(
      `| ${label} | ours full${c.ascii ? ' (streamed, 1 MiB chunks, best of 3 fresh runs)' : ''} | ${inProcess(full)} | ${ms(cli.wallMs)} | ${ms(cli.cpuMs)} | ${mb(cli.maxRssMb)} | ${ratio(cli.wallMs, adE.wallMs)} | ${ratio(cli.cpuMs, adE.cpuMs)} | ${ratio(full.bestMs!, np.totalMs!)} | ${relErr(full.volumeMm3!, ref)} | ${load1()} |`,
    );
    if (cli.volumeMm3 !== once.volumeMm3) throw new Error(`the CLI's volume differs on ${c.file}`);
    say(
      `| ${label} | ours streamed, bench child (wall, RSS) | | ${ms(once.wallMs)} | ${ms(once.cpuMs)} | ${mb(once.maxRssMb)} | | | | ${relErr(once.volumeMm3!, ref)} | ${load1()} |`,
    );
    if (measure) {
      say(
        `| ${label} | ${c.ascii ? 'ours full (whole file in memory)' : 'ours measure only'} | ${inProcess(measure)} | ${ms(measure.wallMs)} | ${ms(measure.cpuMs)} | ${mb(measure.maxRssMb)} | ${c.ascii ? '' : ratio(measure.wallMs, adC.wallMs)} | ${c.ascii ? '' : ratio(measure.cpuMs, adC.cpuMs)} | ${ratio(measure.bestMs!, np.totalMs!)} | ${relErr(measure.volumeMm3!, ref)} | ${load1()} |`,
      );
    }
    say(
      `| ${label} | admesh -e -v | | ${ms(adE.wallMs)} | ${ms(adE.cpuMs)} | ${mb(adE.maxRssMb)} | | | | ${relErr(adE.volume, ref)} | ${load1()} |`,
    );
    say(
      `| ${label} | admesh (all checks) | | ${ms(adAll.wallMs)} | ${ms(adAll.cpuMs)} | ${mb(adAll.maxRssMb)} | | | | ${relErr(adAll.volume, ref)} | ${load1()} |`,
    );
    say(
      `| ${label} | admesh -c | | ${ms(adC.wallMs)} | ${ms(adC.cpuMs)} | ${mb(adC.maxRssMb)} | | | | (no volume) | ${load1()} |`,
    );
    say(
      `| ${label} | numpy-stl | ${ms(np.totalMs!)} (load ${ms(np.loadMs!)}) | ${ms(np.wallMs)} | ${ms(np.cpuMs)} | ${mb(np.maxRssMb)} | | | | ${relErr(np.volume32!, ref)} | ${load1()} |`,
    );
    say(`| ${label} | numpy-stl float64 | | | | | | | | ${relErr(np.volume64!, ref)} | |`);
    if (!c.ascii) {
      say(`| ${label} | ours: read part of full | ${ms(full.bestReadMs!)} | | | | | | | | |`);
    }
  }
  if (inMemoryAscii[9] && inMemoryAscii[17]) {
    say();
    say(
      `17-digit against 9-digit ASCII, in-process, whole file in memory: ${ratio(inMemoryAscii[17], inMemoryAscii[9])} (the 17-digit file is larger; both exact).`,
    );
  }
  // node's own start-up: the floor under every "wall" figure of ours
  const floor = Array.from({ length: 5 }, () => timed(process.execPath, ['-e', '0']));
  const fastest = floor.reduce((a, b) => (a.wallMs <= b.wallMs ? a : b));
  say();
  say(
    `Node's own start-up (\`node -e 0\`, best of 5): ${ms(fastest.wallMs)} ms wall, ${ms(Math.min(...floor.map((r) => r.cpuMs)))} ms CPU, ${mb(fastest.maxRssMb)} MB peak RSS.`,
  );
  say(
    `Load average when done: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}.`,
  );
  say();
  say(
    'Targets (2-core machine): 1M binary full analysis <= 150 ms in-process, <= 200 ms wall, <= 120 MB peak RSS;',
  );
  say('4M binary <= 600 ms; 1M ASCII <= 700 ms streamed with memory under 150 MB; issue 17: 1M binary full');
  say('at most 0.5x `admesh -e -v` wall time (whole process), 17-digit ASCII within 1.5x of 9-digit.');
  const results = new URL('RESULTS.md', HERE).pathname;
  // the run before this one and the earlier rounds' notes stay below the fresh table
  const before = existsSync(results) ? readFileSync(results, 'utf8') : '';
  const previous = before.replace(/^# Mesh analysis benchmark\n/, '').trim();
  writeFileSync(
    results,
    `${lines.join('\n')}\n${previous ? `\n## The run before (as it was written)\n\n${previous.replace(/^## /gm, '### ')}\n` : ''}`,
  );
  // keep the committed file in the repository's style
  spawnSync(new URL('../../node_modules/.bin/prettier', HERE).pathname, ['--write', results]);
}
