// The module's description of every scene (fl_describe), read once from the
// first instance, and the handle's methods that follow from a scene's options:
//   choice  NAME    setNAME(v), NAME(); button[data-ATTR="v"] picks v
//   flags   NAME    setNAME(flag, on), NAMEs(); button[data-ATTR="flag"] toggles it
//   toggle  NAME    setNAME(on), NAME(); button[data-ATTR] toggles it
//   point   NAME    setNAME(x, y) (or null when it may be none), NAME()
//   count   NAME    setNAME(n) (or null when it may be none), NAME()
// (an option may name its own setter: select(i) for "selected"), where ATTR
// is the option's data-* attribute (usually its own name). The shim keeps no
// table of scenes, modes, rules, gauges or limits of its own.
import { finitePoint, kebab, upperFirst, warn, wholeNumber } from './values.js';

export let description = null;
// Which scenes each option method belongs to (setHawk: ['flock']).
export let methodOwners = null;

export function learn(json) {
  if (description) return description;
  description = JSON.parse(json);
  methodOwners = {};
  for (const [scene, s] of Object.entries(description.scenes)) {
    const names = s.options.flatMap((opt) => Object.keys(optionMethods(opt, null)));
    if (s.benchmark) names.push('benchmark');
    if (s.explain) names.push('explain');
    for (const name of names) (methodOwners[name] ??= []).push(scene);
  }
  return description;
}

// The handle's methods for one option of a scene (see the top of the file).
export function optionMethods(opt, call) {
  const Name = upperFirst(opt.name);
  const setter = opt.setter ?? `set${Name}`;
  const m = {};
  switch (opt.kind) {
    case 'choice':
      m[`set${Name}`] = (v) => {
        if (!opt.values.includes(v)) {
          throw new TypeError(`flocklab: unknown ${kebab(opt.name).replace('-', ' ')} "${v}" (expected ${opt.values.join(', ')})`);
        }
        call.set(opt.name, v);
      };
      m[opt.name] = () => call.get(opt.name);
      break;
    case 'flags':
      m[`set${Name}`] = (flag, on) => {
        if (!opt.values.includes(flag)) {
          throw new TypeError(`flocklab: unknown ${opt.name} "${flag}" (expected ${opt.values.join(', ')})`);
        }
        call.set(opt.name, `${flag}=${on ? 1 : 0}`);
      };
      m[`${opt.name}s`] = () => call.get(opt.name);
      break;
    case 'toggle':
      m[`set${Name}`] = (on) => call.set(opt.name, on ? '1' : '0');
      m[opt.name] = () => call.get(opt.name);
      break;
    case 'point':
      m[`set${Name}`] = (x, y) => {
        if (opt.nullable && (x === null || x === undefined)) return call.set(opt.name, '');
        finitePoint(`set${Name}`, x, y);
        const message = call.set(opt.name, `${x},${y}`);
        if (message) warn(call.el, `set${Name}(${x}, ${y}) is outside the world; using (${call.get(opt.name)})`);
        return undefined;
      };
      m[opt.name] = () => call.get(opt.name);
      break;
    case 'count':
      m[setter] = (n) => {
        if (opt.nullable && (n === null || n === undefined)) return call.set(opt.name, '');
        return call.set(opt.name, String(wholeNumber(call.el, `${setter}(n)`, n, call.get(opt.name), opt.lo, opt.hi)));
      };
      m[opt.name] = () => call.get(opt.name);
      break;
    default:
      break;
  }
  return m;
}
