// [SECTION] Options into a widget: names checked against the scenes, seeds
// and parameters converted before anything changes, and apply() (mount() on
// a mounted element) applying them all.
import { description, paramNames, unknownName } from './options.js';
import { kebab, quote, strictWhole, text, warn, yesNo } from './values.js';

// How the names in mount() and apply() options and in data-* are shown in messages.
export const asOption = (n) => `'${quote(n)}'`;
export const asAttribute = (n) => `data-${kebab(n)}`;

// Throws a TypeError for an options object's unknown names (strict) when
// the scenes are described; `where` names the call.
export function checkOptionNames(sceneName, opts, where) {
  if (!description?.scenes[sceneName] || opts === null || typeof opts !== 'object') return;
  const { params, ...rest } = opts;
  for (const k of Object.keys(rest)) {
    const why = unknownName(sceneName, k, asOption, true);
    if (why) throw new TypeError(`flocklab: ${where}: ${why}`);
  }
  if (params && typeof params === 'object') {
    for (const k of Object.keys(params)) {
      const why = unknownName(sceneName, k, asOption, true, paramNames(sceneName));
      if (why) throw new TypeError(`flocklab: ${where}: params: ${why}`);
    }
  }
}

// reset(seed): [seed], or [-1] for the widget's own.
export const seedOf = (seed) => {
  if (seed === undefined) return [-1];
  const v = strictWhole(typeof seed === 'string' ? text(seed, 'reset(seed)') : seed);
  const max = description?.maxSeed ?? Number.MAX_SAFE_INTEGER;
  if (Number.isNaN(v)) throw new TypeError(`flocklab: reset(seed) takes a whole number, got ${quote(seed)}`);
  if (v < 0 || v > max) throw new RangeError(`flocklab: reset(seed) takes a seed from 0 to ${max}, got ${quote(seed)}`);
  return [v];
};

// setParams({...}): every value converted first, as "name\tvalue" lines; the module applies all or nothing.
export const paramLines = (values) => {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) {
    throw new TypeError('flocklab: setParams needs an object such as {weightSeparation: 0}');
  }
  const lines = [];
  for (const [k, v] of Object.entries(values)) {
    const name = text(k, 'a parameter name');
    const value = typeof v === 'number' ? String(v) : text(v, `setParams: ${quote(name)}`);
    if (/[\t\n]/.test(name + value)) throw new TypeError(`flocklab: setParams: "${quote(name)}" has a tab or a line break`);
    lines.push(`${name}\t${value}`);
  }
  return [lines.join('\n')];
};

// compare(): the what-if lane's changes, from an object ({maxForce: 0.2}) or
// data-compare's text ("max-force=0.2; update=as-you-go"), as "name\tvalue"
// lines; null, undefined, {} and '' remove the lane.
export const compareLines = (changes) => {
  if (changes === null || changes === undefined) return [''];
  if (typeof changes === 'string' || changes instanceof String) {
    const pairs = {};
    for (const item of text(changes, 'compare(changes)').split(';').map((x) => x.trim()).filter((x) => x && x !== 'none')) {
      const eq = item.indexOf('=');
      if (eq <= 0) throw new TypeError(`flocklab: compare: expected NAME=VALUE pairs between semicolons (max-force=0.2; update=as-you-go), got "${quote(item)}"`);
      pairs[item.slice(0, eq).trim()] = item.slice(eq + 1).trim();
    }
    return compareLines(pairs);
  }
  if (typeof changes !== 'object' || Array.isArray(changes)) {
    throw new TypeError(`flocklab: compare() takes an object such as {maxForce: 0.2}, a text such as "max-force=0.2", or null, got ${quote(changes)}`);
  }
  return [paramLines(changes)[0]];
};

// `w`: the widget's shared parts; `data`: its data-* and options at mount;
// `cancelRun` and `afterAction` from the handle.
export function makeApply(w, data, cancelRun, afterAction) {
  const { el_: el } = w;
  const applyParams = (lines) => {
    if (!lines) return;
    for (const line of lines.split('\n')) {
      const why = unknownName(w.spec_.name, line.split('\t')[0], asOption, true, paramNames(w.spec_.name));
      if (why) throw new TypeError(`flocklab: setParams: ${why}; nothing was changed`);
    }
    const r = w.api_().setParams(lines);
    if (r.startsWith('invalid: ')) throw new TypeError(`flocklab: setParams: ${r.slice(9)}`);
    if (r) for (const line of r.slice(9).split('\n')) warn(el, `setParams: ${line}`);
    afterAction();
  };

  // apply(): every option converted and checked before anything changes.
  function applyNow(opts = {}) {
    if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) {
      throw new TypeError(`flocklab: apply() takes an object of options, such as {seed: 3} or a config(), got ${quote(opts)}`);
    }
    checkOptionNames(String(w.spec_?.name ?? data.scene ?? description?.defaultScene), opts, 'apply()'); // at the call when the scenes are known
    const { params: ps, seed, paused, scene, lang, ...others } = opts;
    const attrs = Object.entries(others).filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [text(k, 'an option name'), typeof v === 'number' ? String(v) : text(v, `apply: ${quote(k)}`)]);
    const lines = ps === undefined ? null : paramLines(ps)[0];
    const s = seed === undefined ? undefined : seedOf(seed)[0];
    const p = paused === undefined ? undefined : yesNo(paused, 'apply({paused})', ['paused']);
    if (w.isDestroyed_()) throw new TypeError('flocklab: this widget was destroyed');
    const applyAll = () => {
      const api = w.api_();
      if (scene !== undefined && scene !== w.spec_.name) warn(el, `this widget is a ${w.spec_.name} widget; it cannot become a ${quote(scene)} widget (mount a new element)`);
      if (lang !== undefined && String(lang).toLowerCase().split(/[-_]/)[0] !== w.lang_.code) warn(el, `this widget speaks "${w.lang_.code}"; its language is chosen when it starts (lang, data-lang or mount(el, {lang})): mount a new element for ${quote(lang)}`);
      checkOptionNames(w.spec_.name, opts, 'apply()');
      applyParams(lines); // all or nothing, first: a refused parameter leaves everything as it was
      for (const [k, v] of attrs) {
        const warning = api.apply(k, v);
        if (warning) for (const line of warning.split('\n')) warn(el, line);
      }
      if (s !== undefined) { cancelRun(); api.reset(s); w.question_?.reset_(); }
      if (p !== undefined) { if (p) cancelRun(); if (p || !w.gated_()) api.setPaused(p ? 1 : 0); }
      afterAction();
    };
    if (w.api_()) applyAll();
    else w.pending_.push(applyAll);
    return w.handle_;
  }

  return { applyParams_: applyParams, applyNow_: applyNow };
}
