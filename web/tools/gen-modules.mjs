// For Node tools that import the shim's sources (package.mjs, through
// dist.mjs): the modules make web generates, which esbuild's --alias finds
// in the bundles, found here in BUILD/gen (FLOCKLAB_BUILD, default build).
//   node --import ./web/tools/gen-modules.mjs web/tools/dist.mjs BUILD
import { register } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const gen = resolve(process.env.FLOCKLAB_BUILD || 'build', 'gen');
const modules = {
  'flocklab-c-api': pathToFileURL(join(gen, 'c-api.js')).href,
  'flocklab-text-rules': pathToFileURL(join(gen, 'text-rules.js')).href,
};
const hooks = `const m = ${JSON.stringify(modules)};
export async function resolve(specifier, context, next) {
  return specifier in m ? { url: m[specifier], shortCircuit: true } : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
