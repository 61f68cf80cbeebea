// [data-controls]: the tunables, the seed and the scene's switches as real,
// labelled HTML form controls, generated from the module's field table (so
// nothing is copied by hand). They keep in step with the canvas's panel and
// the handle both ways: this is how screen-reader, switch and phone users tune.
// In the experiments' chunk (flocklab-experiment.js): form-slot.js loads it
// once a widget with a form is ready, and gives it `w` with plain names
// across the two bundles: {el, handle, lang, spec, signal, api()}.
import { own, withUnit, unitWord } from './values.js';

let nextId = 0;

function node(parent, tag, attrs = {}, text) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  if (text !== undefined) n.textContent = text;
  parent.append(n);
  return n;
}

// A slider moves over its tunable's stops (the core's rule: 0.2, 320 and 440
// are among them), one step of the range per stop; the number box takes any value.
// The stops are the core's function of a range's ends alone: made once per range on the page.
const stopsOf = new Map(); // "lo hi" -> stops
const stopsFor = (api, t) => {
  const key = `${t.lo} ${t.hi}`;
  if (!stopsOf.has(key)) stopsOf.set(key, JSON.parse(api.stops(t.name)));
  return stopsOf.get(key);
};
const nearestStop = (stops, v) => stops.reduce((k, s, i) => (Math.abs(s - v) < Math.abs(stops[k] - v) ? i : k), 0);

// The form's sections, in order: each adds its controls to `box` and, to
// `inputs`, how each one reads the widget (sync()).
function seedSection(w, box, inputs, id) {
  const h = w.handle;
  const { t: tr } = w.lang;
  // Seed and reset.
  const seedRow = node(node(box, 'fieldset'), 'div', { class: 'fl-row' });
  seedRow.parentElement.prepend(Object.assign(document.createElement('legend'), { textContent: tr('run') }));
  const sid = id();
  node(seedRow, 'label', { for: sid }, tr('seed'));
  const seed = node(seedRow, 'input', { id: sid, type: 'number', min: 0, step: 1, inputmode: 'numeric' });
  const again = node(seedRow, 'button', { type: 'button' }, tr('Reset with this seed'));
  again.addEventListener('click', () => h.reset(Number(seed.value)), { signal: w.signal });
  inputs.push({ input: seed, read: () => h.seed() });
}

function optionSections(w, box, inputs, id) {
  const h = w.handle;
  const { t: tr } = w.lang;
  // The scene's switches and choices.
  for (const opt of w.spec.options) {
    if (!opt.attribute || !['flags', 'choice', 'toggle'].includes(opt.kind)) continue;
    const set = node(box, 'fieldset');
    node(set, 'legend', {}, tr(opt.label));
    const row = node(set, 'div', { class: 'fl-row' });
    const values = opt.kind === 'toggle' ? [opt.name] : opt.values;
    const group = id();
    for (const v of values) {
      const vid = id();
      const type = opt.kind === 'choice' ? 'radio' : 'checkbox';
      const input = node(row, 'input', { id: vid, type, name: group, value: v });
      node(row, 'label', { for: vid }, tr(v));
      const Name = opt.name[0].toUpperCase() + opt.name.slice(1);
      input.addEventListener('change', () => {
        if (opt.kind === 'choice') h[`set${Name}`](v);
        else if (opt.kind === 'flags') h[`set${Name}`](v, input.checked);
        else h[`set${Name}`](input.checked);
      }, { signal: w.signal });
      const read = opt.kind === 'choice' ? () => h[opt.name]() === v
        : opt.kind === 'flags' ? () => !!h[`${opt.name}s`]()[v] : () => !!h[opt.name]();
      inputs.push({ input, read, checked: true });
    }
  }
}

function whatIfSection(w, box, inputs, id) {
  const h = w.handle;
  const { t: tr } = w.lang;
  // The lesson's mistakes as a what-if lane beside the lab (none, or one by name).
  if (w.spec.whatIf?.length) {
    const set = node(box, 'fieldset');
    node(set, 'legend', {}, tr('what if'));
    const row = node(set, 'div', { class: 'fl-row' });
    const group = id();
    for (const p of [{ label: null, compare: '' }, ...w.spec.whatIf]) {
      const vid = id();
      const input = node(row, 'input', { id: vid, type: 'radio', name: group, value: p.compare });
      node(row, 'label', { for: vid }, p.label === null ? tr('no what-if lane') : tr(p.label));
      input.addEventListener('change', () => h.compare(p.compare || null), { signal: w.signal });
      inputs.push({ input, read: () => (w.api().compared() || '') === p.compare, checked: true });
    }
  }
}

function tunableSections(w, box, inputs, id) {
  const h = w.handle;
  const { t: tr } = w.lang;
  // The tunables, grouped as in the panel: a slider and a number field each.
  let group = null;
  let set = null;
  for (const t of w.spec.tunables) {
    if (t.group !== group) {
      group = t.group;
      set = node(box, 'fieldset');
      node(set, 'legend', {}, tr(group));
    }
    const row = node(set, 'div', { class: 'fl-row' });
    const rid = id();
    const label = t.unit ? `${tr(t.label)} (${unitWord(t.unit, tr)})` : tr(t.label); // degrees as °
    node(row, 'label', { for: rid }, label);
    const stops = stopsFor(w.api(), t);
    const range = node(row, 'input', { id: rid, type: 'range', min: 0, max: stops.length - 1, step: 1 });
    const num = node(row, 'input', { type: 'number', min: t.lo, max: t.hi, step: 'any', 'aria-label': label });
    const valueOf = (input) => (input === range ? String(stops[Number(range.value)]) : input.value);
    // Heard as read: "270°", "1 agent".
    const shown = () => { range.setAttribute('aria-valuetext', withUnit(String(stops[Number(range.value)]).replace('.', w.lang.decimal), t.unit, tr)); };
    for (const input of [range, num]) {
      input.addEventListener('change', () => {
        if (input.value !== '') h.setParams({ [t.name]: valueOf(input) });
      }, { signal: w.signal });
      inputs.push(input === range ? { input, read: (p) => nearestStop(stops, p[t.name]), after: shown } : { input, read: (p) => p[t.name] });
    }
    range.addEventListener('input', () => { num.value = valueOf(range); shown(); }, { signal: w.signal });
  }
}

export function makeForm(w) {
  const box = own(w.el, '[data-controls]')[0];
  const inputs = []; // {input, read(): value from the widget}
  const busy = (n) => document.activeElement === n;
  return {
    build() {
      if (!box) return;
      box.replaceChildren();
      box.classList.add('fl-controls');
      const id = () => `fl-c${++nextId}`;
      for (const section of [seedSection, optionSections, whatIfSection, tunableSections]) section(w, box, inputs, id);
      this.sync();
    },
    // From the widget to the form, except the field being edited.
    sync() {
      if (!box || !w.api()) return;
      const p = w.handle.params();
      for (const f of inputs) {
        if (busy(f.input)) continue;
        const v = f.read(p);
        if (f.checked) f.input.checked = v;
        else if (String(v) !== f.input.value) f.input.value = String(v);
        f.after?.();
      }
    },
  };
}
