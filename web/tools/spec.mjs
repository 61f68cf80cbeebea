// The scenes' own description (`flocklab spec` of the native build): the one
// list of scenes, their options and tunables, that the release is made from.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export const specOf = (build) => JSON.parse(execFileSync(join(build, 'native', 'flocklab'), ['spec'], { encoding: 'utf8' }));
