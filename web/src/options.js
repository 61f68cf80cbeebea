// The module's description of every scene (fl_describe), read once from the
// first instance, and the handle's methods that follow from a scene's options:
//   choice  NAME    setNAME(v), NAME(); button[data-ATTR="v"] picks v
//   flags   NAME    setNAME(flag, on), NAMEs(); button[data-ATTR="flag"] toggles it
//   toggle  NAME    setNAME(on), NAME(); button[data-ATTR] toggles it
//   point   NAME    setNAME(x, y) (or null when it may be none), NAME()
//   count   NAME    setNAME(n) (or null when it may be none), NAME()
//   text    NAME    setNAME(text), NAME(): the scene checks the text (the crowd's walls "c,r;c,r")
// (an option may name its own setter: select(i) for "selected"), where ATTR
// is the option's data-* attribute (usually its own name). The shim keeps no
// table of scenes, modes, rules, gauges or limits of its own.
import { camel, finitePoint, kebab, MAX_NAME, nearest, plain, quote, strictWhole, text, upperFirst, yesNo } from './values.js';

export let description = null;
// Which scenes each option method belongs to (setHawk: ['flock']).
export let methodOwners = null;

export function learn(json) {
  if (description) return description;
  description = JSON.parse(json);
  // Files of two releases mixed (a new flocklab.js beside an old wasm) break in
  // ways that are hard to trace: said once, naming the fix.
  if (description.version !== FLOCKLAB_VERSION) { // eslint-disable-line no-undef
    console.warn(`flocklab: flocklab.js is ${FLOCKLAB_VERSION} but flocklab-core.wasm is ${description.version}; copy every file of one release`); // eslint-disable-line no-undef
  }
  methodOwners = {};
  for (const [scene, s] of Object.entries(description.scenes)) {
    const names = s.options.flatMap((opt) => {
      const m = optionMethods(opt);
      return [...Object.keys(m.setters), ...m.getters];
    });
    if (s.benchmark) names.push('benchmark');
    if (s.explain) names.push('explain');
    names.push(...(s.readers ?? []));
    for (const name of names) (methodOwners[name] ??= []).push(scene);
  }
  return description;
}

// The handle's methods for one option of a scene (see the top of the file):
// `setters` maps each setter's name to a check that converts its arguments
// into the option's text (throwing a TypeError for anything unusable, before
// anything changes); `getters` lists the names that read it.
export function optionMethods(opt) {
  const Name = upperFirst(opt.name);
  const setter = opt.setter ?? `set${Name}`;
  const what = `${setter}()`;
  const setters = {};
  let getters = [opt.name];
  switch (opt.kind) {
    case 'choice':
      setters[setter] = (v) => {
        if (!opt.values.includes(v)) {
          throw new TypeError(`flocklab: unknown ${kebab(opt.name).replace('-', ' ')} "${quote(v)}" (expected ${opt.values.join(', ')})`);
        }
        return v;
      };
      break;
    case 'flags':
      setters[setter] = (flag, on) => {
        if (!opt.values.includes(flag)) {
          throw new TypeError(`flocklab: unknown ${opt.name} "${quote(flag)}" (expected ${opt.values.join(', ')})`);
        }
        return `${flag}=${yesNo(on, what) ? 1 : 0}`;
      };
      getters = [`${opt.name}s`];
      break;
    case 'toggle':
      setters[setter] = (on) => (yesNo(on, what) ? '1' : '0');
      break;
    case 'point':
      setters[setter] = (x, y) => {
        if (opt.nullable && (x === null || x === undefined)) return '';
        finitePoint(setter, x, y);
        return `${x},${y}`;
      };
      break;
    case 'count':
      setters[setter] = (n) => {
        if (opt.nullable && (n === null || n === undefined)) return '';
        const v = strictWhole(n);
        if (Number.isNaN(v)) throw new TypeError(`flocklab: ${what} takes a whole number${opt.nullable ? ' or null' : ''}, got ${quote(n)}`);
        return String(v);
      };
      break;
    case 'text':
      setters[setter] = (v) => {
        if (typeof v !== 'string') throw new TypeError(`flocklab: ${what} takes text, got ${quote(v)}`);
        return text(v, what);
      };
      break;
    default:
      getters = [];
      break;
  }
  return { setters, getters };
}

// [SECTION] Names a widget takes
// The shim's own names, the one list of them (data-scene, data-seed,
// data-paused, data-text-scale, data-controls, embed.html's data-url-config,
// data-lang): the module is not given them as settings. Then each option's
// attribute and each tunable, as dataset keys (camelCase).
export const SHIM_NAMES = ['scene', 'seed', 'paused', 'textScale', 'controls', 'urlConfig', 'lang', 'forms'];
export function settingNames(sceneName) {
  const s = description.scenes[sceneName];
  const names = [...SHIM_NAMES, 'compare']; // compare: the what-if lane, which every scene has (the module reads it)
  for (const o of s.options) if (o.attribute) names.push(o.attribute, ...(o.kind === 'flags' ? [`${o.attribute}s`] : []));
  for (const t of s.tunables) names.push(camel(t.name));
  return names;
}
export const paramNames = (sceneName) => description.scenes[sceneName].tunables.map((t) => camel(t.name));

// Why `name` is no setting of a `sceneName` widget, or null when it is one.
// show(n) spells a name as the caller wrote it (data-weight-separation, or
// weightSeparation). `strict`: a name that is neither another scene's nor
// near one is still refused (options); otherwise (data-*) it is the page's own.
export function unknownName(sceneName, name, show, strict, names = settingNames(sceneName)) {
  if (String(name).length > MAX_NAME) return strict ? `${show(quote(name))}: no such setting (none is longer than ${MAX_NAME} characters)` : null;
  const p = plain(name);
  if (names.some((n) => plain(n) === p)) return null;
  const others = Object.keys(description.scenes)
    .filter((s) => s !== sceneName && settingNames(s).some((n) => plain(n) === p));
  if (others.length) return `${show(name)} is for ${others.join(' and ')} widgets; this one is a ${sceneName} widget`;
  const near = nearest(name, names);
  if (near) return `${show(name)}: no such setting; did you mean ${show(near)}?`;
  return strict ? `${show(name)}: no such setting (a ${sceneName} widget takes ${names.filter((n) => n !== 'urlConfig' && n !== 'controls').map(show).join(', ')})` : null;
}
