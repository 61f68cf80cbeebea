// The npm package `flocklab` (make dist): the release's files, the package
// README, package.json from VERSION, and TypeScript declarations made from
// the scenes' own tables (`flocklab spec`, what the module describes), so
// the options, setters and gauges they declare are the ones the widget has.
//   npmPackage(BUILD_DIR, OUT_DIR, VERSION) -> OUT_DIR/flocklab-VERSION.tgz
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { camel, upperFirst } from '../src/values.js';
import { SHIM_NAMES, optionMethods } from '../src/options.js';
import { release, section } from './dist.mjs';
import { specOf } from './spec.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const lit = (v) => JSON.stringify(v);
const union = (vs) => vs.map(lit).join(' | ');

// What each kind of option takes as a mount() option (the data-* text too) and gives from its getter.
function optionTypes(o) {
  switch (o.kind) {
    case 'choice': return { set: union(o.values), get: union(o.values), arg: `value: ${union(o.values)}` };
    case 'flags': return { set: 'string', get: `{ ${o.values.map((f) => `${lit(f)}: boolean`).join('; ')} }`, arg: `flag: ${union(o.values)}, on: boolean` };
    case 'toggle': return { set: 'boolean | "on" | "off"', get: 'boolean', arg: 'on: boolean' };
    case 'point': return { set: `string${o.nullable ? ' | null' : ''}`, get: `[number, number]${o.nullable ? ' | null' : ''}`, arg: o.nullable ? 'x: number | null, y?: number' : 'x: number, y: number' };
    case 'count': return { set: `number | string${o.nullable ? ' | null' : ''}`, get: `number${o.nullable ? ' | null' : ''}`, arg: `n: number${o.nullable ? ' | null' : ''}` };
    default: return { set: 'string', get: 'string', arg: 'text: string' };
  }
}

// The declarations of one scene: its mount() options, its gauges and its handle.
function sceneTypes(name, s) {
  const N = upperFirst(name);
  const opts = [`  scene?: ${lit(name)};`];
  const methods = [];
  for (const o of s.options) {
    const t = optionTypes(o);
    if (o.attribute) {
      opts.push(`  /** ${o.help.replace(/\*\//g, '')} */\n  ${camel(o.attribute)}?: ${t.set};`);
      if (o.kind === 'flags') opts.push(`  ${camel(o.attribute)}s?: string;`);
    }
    const m = optionMethods(o);
    for (const setter of Object.keys(m.setters)) methods.push(`  ${setter}(${t.arg}): void;`);
    for (const getter of m.getters) methods.push(`  ${getter}(): ${t.get};`);
  }
  for (const t of s.tunables) opts.push(`  /** ${t.label}${t.unit ? ` (${t.unit})` : ''}: ${t.lo} to ${t.hi}, default ${t.default} */\n  ${camel(t.name)}?: number | string;`);
  opts.push(`  params?: Partial<${N}Params>;`);
  if (s.benchmark) methods.push('  benchmark(options?: Record<string, unknown>): Promise<any>;');
  if (s.explain) methods.push('  explain(agent?: number): any;');
  for (const r of s.readers) methods.push(`  ${r}(): any;`);
  const gauges = s.gauges.map((g) => `  /** ${g.unit || 'no unit'} */\n  ${g.name}: number;`).join('\n');
  return `
/** The ${name} scene's tunables by their names (params(), setParams(), config().params). */
export interface ${N}Params {
${s.tunables.map((t) => `  ${t.name}: number;`).join('\n')}
}
/** mount() options and data-* attributes of a ${name} widget (config() gives them). */
export interface ${N}Options extends CommonOptions {
${opts.join('\n')}
}
/** gauges() of a ${name} widget. */
export interface ${N}Gauges {
  time: number;
${gauges}
  whatIf?: Omit<${N}Gauges, 'time' | 'whatIf' | 'apart'>;
  apart?: number;
}
/** The handle of a ${name} widget (el.flocklab). */
export interface ${N}Handle extends HandleBase<${N}Gauges, ${N}Params, ${N}Options> {
  readonly kind: 'widget';
${methods.join('\n')}
}
`;
}

// The handle's own methods, the same for every scene (web/src/methods.js);
// a browser test checks that a live handle has exactly these and the scene's.
const COMMON = `
/** Settings every widget takes (the shim's own names and the what-if lane). */
export interface CommonOptions {
${SHIM_NAMES.map((n) => `  ${n}?: ${{ seed: 'number | string', paused: 'boolean | string', textScale: 'number | string', controls: 'boolean | string', urlConfig: 'boolean | string', forms: 'boolean | string' }[n] ?? 'string'};`).join('\n')}
  /** The what-if lane: "max-force=0.2; update=as-you-go", or {maxForce: 0.2}; null for none. */
  compare?: string | Record<string, number | string> | null;
}

export interface HandleBase<G, P, O> {
  readonly element: HTMLElement;
  readonly scene: string | null;
  readonly ready: Promise<this>;
  gauges(): G;
  reset(seed?: number): void;
  seed(): number;
  runTo(seconds: number): Promise<G>;
  playTo(seconds: number): void;
  /** The clock's rate while it plays: 0.1 to 4 simulated seconds per real second (the same steps at any speed). */
  setSpeed(speed: number): void;
  speed(): number;
  pause(): void;
  resume(): void;
  paused(): boolean;
  step(n?: number): number;
  state(): any;
  describe(): string;
  announcements(): string[];
  stepTime(): number;
  history(): any;
  csv(): string;
  experiment(options: Record<string, unknown>): Promise<any>;
  clearHistory(): void;
  params(): P;
  setParams(values: Partial<P> | Record<string, number | string>): void;
  compare(changes: string | Record<string, number | string> | null): void;
  compared(): Record<string, number | string> | null;
  config(): O & { scene: string; seed: number; paused: boolean; params: P };
  link(): string;
  saveFile(): Promise<File>;
  language(): { lang: string; decimal: string; missing: string[] };
  embedCode(): string;
  destroy(): void;
  destroyed(): boolean;
  sleep(): Promise<this>;
  uiMetrics(): any;
  visible(): boolean;
  key(name: string): void;
  apply(options: Partial<O>): void;
}

/** The handle of an experiment element (el.flocklab, and el.flocklabExperiment as before). */
export interface ExperimentHandle {
  readonly kind: 'experiment';
  readonly element: HTMLElement;
  readonly ready: Promise<this>;
  run(): Promise<any>;
  stop(): void;
  running(): boolean;
  pause(): void;
  resume(): void;
  paused(): boolean;
  results(): any;
  csv(): string;
  prediction(): any;
  predict(p: string | number[]): void;
  show(run: number): any;
  destroy(): void;
}
`;

export function declarations(spec) {
  const scenes = Object.entries(spec.scenes);
  const names = scenes.map(([n]) => upperFirst(n));
  return `// flocklab ${spec.version}: TypeScript declarations, made by web/tools/package.mjs
// from the scenes' own tables (\`flocklab spec\`). Do not edit.
${COMMON}${scenes.map(([n, s]) => sceneTypes(n, s)).join('')}
export type MountOptions = ${names.map((n) => `${n}Options`).join(' | ')};
export type Handle = ${names.map((n) => `${n}Handle`).join(' | ')};
export type SceneName = ${union(scenes.map(([n]) => n))};

/** One outcome in the results stream (flocklab:result; web/README.md, "Results"). */
export interface FlockLabResult {
  kind: 'what-if' | 'experiment' | 'check' | (string & {});
  id: string | null;
  item?: string;
  question?: string;
  answer: unknown;
  correct: unknown;
  held: boolean | null;
  text?: string;
  at: string;
}

/** Events a widget's element fires (detail). */
export interface FlockLabEvents {
  'flocklab:result': CustomEvent<FlockLabResult>;
  'flocklab:ready': CustomEvent<Handle>;
  'flocklab:gauges': CustomEvent<Record<string, number>>;
  'flocklab:destroyed': CustomEvent<unknown>;
  'flocklab:progress': CustomEvent<{ done: number; total: number }>;
  'flocklab:done': CustomEvent<any>;
}

export declare const version: ${lit(spec.version)};
${scenes.map(([n]) => `export declare function mount(element: Element, options: ${upperFirst(n)}Options & { scene: ${lit(n)} }): ${upperFirst(n)}Handle;`).join('\n')}
export declare function mount(element: Element, options?: MountOptions): Handle;
export declare function mountAll(root?: ParentNode): void;
export declare function experiment(element: Element): Promise<ExperimentHandle>;
export declare function plotSummary(svg: SVGSVGElement, summary: unknown, options?: Record<string, unknown>): void;
export declare function liveInstances(): number;
export declare function instanceStats(): { made: number; collected: number; live: number };
export declare function contextStats(): Record<string, number>;
export declare function report(element: Element, result: Omit<FlockLabResult, 'id' | 'at'> & { id?: string | null }): FlockLabResult;

declare global {
  interface Window { FlockLab: typeof import('./flocklab.js') }
  interface HTMLElement { flocklab?: Handle | ExperimentHandle }
}
`;
}

export function npmPackage(build, out, version) {
  const dir = join(out, 'npm', 'flocklab');
  const spec = specOf(build);
  if (spec.version !== version) throw new Error(`dist: the native build is ${spec.version}, VERSION says ${version}: rebuild it`);
  release(dir, { readme: `# flocklab\n\n${section(join(root, 'web', 'README.md'), 'package')}` });
  writeFileSync(join(dir, 'flocklab.d.ts'), declarations(spec));
  writeFileSync(join(dir, 'flocklab-xapi.d.ts'), `import type { FlockLabResult } from './flocklab.js';
/** A result as an xAPI statement: the host's actor "answered" an activity below \`activity\` (an IRI). */
export declare function xapiStatement(result: FlockLabResult, options: { actor: Record<string, unknown>; activity: string; lang?: string }): Record<string, any>;
`);
  const pkg = {
    name: 'flocklab',
    version,
    description: 'An embeddable, interactive lesson widget: steering behaviours and boids, in WebAssembly, bit-identical to the Python labs.',
    license: 'MIT',
    type: 'module',
    browser: './flocklab.js',
    module: './flocklab.js',
    types: './flocklab.d.ts',
    exports: {
      '.': { types: './flocklab.d.ts', default: './flocklab.js' },
      './flocklab.css': './flocklab.css',
      './embed.html': './embed.html',
      './flocklab-offline.txt': './flocklab-offline.txt',
      './flocklab-xapi.js': { types: './flocklab-xapi.d.ts', default: './flocklab-xapi.js' },
      './lang/*': './lang/*',
      './package.json': './package.json',
    },
    // Importing it mounts every .flocklab element: a side effect bundlers must keep.
    sideEffects: true,
    keywords: ['boids', 'flocking', 'steering', 'simulation', 'education', 'webassembly', 'widget'],
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  rmSync(join(out, `flocklab-${version}.tgz`), { force: true });
  execFileSync('npm', ['pack', '--quiet', '--pack-destination', out], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
}
