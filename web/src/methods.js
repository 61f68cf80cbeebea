// The handle's methods, in the order a page sees them (mount() in
// handle.js puts them together): each group over the widget's one context
// `w` (handle.js, widgetContext) and the guards' one rule (guards.js).
import { compareLines, paramLines, seedOf } from './apply.js';
import { leaveAlone } from './lifecycle.js';
import { linkTo } from './link.js';
import { description } from './options.js';
import { saveFile } from './save.js';
import { quote, text, warn, wholeNumber } from './values.js';

// The simulation: its time, its state, its numbers.
export function simulationMethods(w, g, applyParams) {
  const { read_: read, change_: change, none_: none } = g;
  const el = w.el_;
  const api = () => w.module_;
  const runs = w.runs_;
  return {
    gauges: read('gauges', () => JSON.parse(api().gauges())),
    // In a what-if, its question hears of it: the run stops at 0 s and waits for Play.
    reset: change(seedOf, (s) => {
      runs.cancelRun_();
      api().reset(s);
      w.question_?.reset_();
      w.afterAction_();
    }),
    seed: read('seed', () => api().seed()),
    runTo: runs.runTo_, // reset with the same seed, run to `seconds` of simulated time and pause there (runs.js)
    // Reset with the same seed and play in real time, pausing at `seconds`; the clock's rate (runs.js).
    playTo: runs.playTo_,
    setSpeed: runs.setSpeed_,
    speed: read('speed', () => api().speed()),
    pause: change(none, () => { runs.cancelRun_(); api().setPaused(1); w.controls_.sync(); }),
    // In a what-if waiting for its prediction, its question's Play instead (asks for one, or plays it).
    resume: change(none, () => { if (!w.gated_()) api().setPaused(0); w.controls_.sync(); }),
    paused: read('paused', () => api().paused() === 1),
    // step(n) runs synchronously and returns the steps it ran: each call stops after a
    // number of boid-steps (fewer for bigger flocks) and description.maxCallMs of work.
    step: change((n = 1) => [wholeNumber(el, 'step(n)', n, 1, 0, Number.MAX_SAFE_INTEGER)], (want) => {
      runs.cancelRun_();
      const ran = api().step(Math.min(want, api().maxSteps()));
      if (ran < want) warn(el, `step(${want}) ran ${ran} of ${want} steps (one call runs at most ${api().maxSteps()} steps of this size and ${description.maxCallMs} ms); call it again for more`);
      w.afterAction_();
      return ran;
    }),
    // A copy of the simulation's state (px, px/s), in one call into the module.
    state: read('state', () => JSON.parse(api().state())),
    // What the simulation is doing now, in a sentence or three (the summary a screen reader hears).
    describe: read('describe', () => api().summary()),
    // The last 20 sentences the widget said through its live region.
    announcements: read('announcements', () => w.speech_.announcements()),
    // The live step time (ms): the last 5 s of stepping over their steps, measured in this page.
    stepTime: read('stepTime', () => api().stepMs()),
    // The gauges over simulated time (10 samples per simulated second, the
    // last two minutes), with what was switched when: {time, <gauge>..., units, events}.
    history: read('history', () => JSON.parse(api().history())),
    csv: read('csv', () => api().csv()),
    // One setting over values, each over seeds, on this configuration (runs.js).
    experiment: read('experiment', runs.experiment_),
    // Forgets the kept runs and the current run's samples so far (a fresh chart and CSV).
    clearHistory: change(none, () => { api().clearHistory(); w.afterAction_(); }),
    // The tunables by name, and setting any of them ({weight_separation: 0}
    // or {weightSeparation: 0}): all or nothing, out-of-range values clamped
    // with a warning, dependent limits (min_speed <= max_speed) on the final values.
    params: read('params', () => JSON.parse(api().params())),
    setParams: change(paramLines, applyParams),
  };
}

// The what-if lane: a second copy of the simulation with these changes
// ({maxForce: 0.2}, {flee: 'negated-seek'}, "update=as-you-go; order=reversed"),
// from a copy of this one's state, stepped beside it; null removes it.
// All or nothing: a bad name or value is a TypeError and changes nothing.
export function laneMethods(w, g) {
  return {
    compare: g.change_(compareLines, (lines) => {
      const r = w.module_.compare(lines);
      if (r.startsWith('invalid: ')) throw new TypeError(`flocklab: ${r.slice(9)}`);
      if (r) for (const line of r.slice(9).split('\n')) warn(w.el_, line);
      w.afterAction_();
    }),
    // Its changes by the scene's names ({max_force: 0.2}), or null without a lane.
    compared: g.read_('compared', () => {
      const t = w.module_.compared();
      if (!t) return null;
      return Object.fromEntries(t.split('; ').map((p) => {
        const [k, v] = [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)];
        return [k, v !== '' && Number.isFinite(Number(v)) ? Number(v) : v];
      }));
    }),
  };
}

// The widget elsewhere: its configuration, a link, a file, an <iframe>.
export function sharingMethods(w, g) {
  const read = g.read_;
  const config = () => w.own_.config();
  return {
    // Everything needed to make the same widget elsewhere: FlockLab.mount(other, handle.config()).
    config: read('config', () => {
      const api = w.module_;
      const c = { scene: w.spec_.name, seed: api.seed(), paused: api.paused() === 1 };
      for (const opt of w.spec_.options) {
        const attr = opt.attribute;
        if (!attr) continue;
        const v = w.call_.get(opt.name);
        if (opt.kind === 'flags') c[`${attr}s`] = Object.keys(v).filter((k) => v[k]).join(',');
        else if (opt.kind === 'point') c[attr] = v === null ? '' : v.join(',');
        else c[attr] = v === null ? '' : v;
      }
      c.params = JSON.parse(api.params());
      if (api.compared()) c.compare = api.compared(); // data-compare's text
      return c;
    }),
    // The address of embed.html (beside flocklab.js) with this configuration
    // in its query: opening it makes the same widget (config() is equal).
    link: read('link', () => linkTo(config(), w.spec_, w.lang_)),
    // Downloads this widget as one offline HTML file with config() written
    // inside it (save.js); resolves to the File. What the file will not show is said.
    saveFile: read('saveFile', () => (w.module_.reopenNote() && warn(w.el_, `saveFile(): ${w.module_.reopenNote()}`), saveFile(config(), w.spec_, w.lang_))),
    // The widget's language: its code ("es"), its decimal mark, and the
    // English strings it has shown or said with no translation in its table.
    language: read('language', () => ({ lang: w.lang_.code, decimal: w.lang_.decimal, missing: JSON.parse(w.module_.missingStrings()) })),
    // An <iframe> for course platforms that strip scripts: the link, a title, the world's shape.
    embedCode: read('embedCode', () => {
      const [wx, wy] = w.spec_.world;
      const title = `flocklab: ${w.canvasEl_.getAttribute('aria-label') ?? w.spec_.name}`.replaceAll('"', '&quot;');
      const src = linkTo(config(), w.spec_, w.lang_).replaceAll('&', '&amp;');
      return `<iframe src="${src}" title="${title}" width="${wx}" height="${wy + 72}" style="width: 100%; aspect-ratio: ${wx} / ${wy + 72}; border: 0" allow="fullscreen; clipboard-write" loading="lazy"></iframe>`;
    }),
  };
}

// The widget's life and its keys.
export function lifeMethods(w, g, applyNow) {
  const { read_: read, change_: change } = g;
  return {
    // Stops the loop, the timers and the listeners and lets the instance go;
    // removing the element from the page does the same. At any time, even
    // before ready (which then rejects with an AbortError) or from inside a
    // call; the handle is dead after, and the page's auto-mounter leaves the
    // element alone (only mount(el) starts it again).
    destroy() {
      if (w.destroyed_) return;
      leaveAlone(w.el_);
      w.teardown_();
    },
    destroyed() { return w.destroyed_; },
    // The HUD's text height and smallest control (CSS px), the window and backing-store sizes.
    uiMetrics: read('uiMetrics', () => JSON.parse(w.module_.uiMetrics())),
    // Whether it is on screen (off-screen widgets neither run nor draw).
    visible: read('visible', () => w.module_.visible() === 1),
    // Presses a widget key by name, as on the focused canvas ('ArrowLeft', 'Shift+ArrowUp', 'h', ']', '?'); true if used.
    key: change((name) => {
      if (typeof name !== 'string') throw new TypeError(`flocklab: key(name) takes a key's name, such as "ArrowLeft" or "t", got ${quote(name)}`);
      return [text(name, 'key(name)')];
    }, (name) => w.key_(name, false)),
    // Applies options to a mounted widget (mount(el, options) on a mounted element does this).
    apply(opts = {}) {
      g.alive_();
      return g.guarded_(applyNow, [opts]);
    },
  };
}
