// [SECTION] The handle as a page sees it: a Proxy over its methods. The
// option methods (setNAME, NAME()) come from the scene's description; before
// it is known, setters queue (checked now if another widget already
// described the scenes) and readers say to await ready; a method of another
// scene says whose it is; after destroy() every method throws.
import { description, methodOwners, optionMethods } from './options.js';
import { text } from './values.js';

const ALWAYS = new Set(['destroy', 'destroyed', 'element', 'scene', 'ready']);

// `target`: the handle's methods; `w`: the widget's shared parts; `g`: its
// guards; `call.set(name, value, kind)`: an option into the module; `data`:
// its data-* and options at mount.
export function makeProxy(target, w, g, call, data) {
  // Where the module's description is known, a setter is checked at the call.
  const setterCheck = (prop) => {
    const scene = description?.scenes[w.spec_?.name ?? data.scene ?? description.defaultScene];
    for (const opt of scene?.options ?? []) {
      const m = optionMethods(opt);
      if (m.setters[prop]) return { opt, check: m.setters[prop] };
    }
    return null;
  };
  const handle = new Proxy(target, {
    get(t, prop, receiver) {
      if (typeof prop !== 'string' || ALWAYS.has(prop)) return Reflect.get(t, prop, receiver);
      if (prop === 'then' || prop === 'toJSON') return undefined; // a handle is not a promise
      if (w.isDestroyed_()) return () => { throw g.gone_(); };
      if (prop in t) {
        const v = Reflect.get(t, prop, receiver);
        if (typeof v === 'function') w.hold_(); // a script that calls it holds the widget: it never sleeps on its own (handle.js)
        return v;
      }
      if (!w.spec_) {
        w.hold_();
        // Not yet described: setters queue; anything else reads, and must wait.
        const known = setterCheck(prop);
        if (known) {
          return g.change_((...a) => [known.check(...a)], (v) => call.set(known.opt.name, v, known.opt.kind));
        }
        const sceneName = data.scene ?? description?.defaultScene;
        const owners = methodOwners?.[prop];
        if (owners && !owners.includes(sceneName)) {
          return () => { g.alive_(); throw new TypeError(`flocklab: ${prop}() is for ${owners.join(' and ')} widgets; this one is a ${sceneName} widget`); };
        }
        if (!description && (/^set[A-Z]/.test(prop) || prop === 'select')) {
          // Nothing described yet (the page's first widget): checked when it runs.
          return g.change_((...a) => a.map((x) => (typeof x === 'string' ? text(x, `${prop}()`) : x)), (...a) => handle[prop](...a));
        }
        return () => { g.alive_(); throw g.notYet_(prop); };
      }
      // A method of another scene: say so, naming both.
      const owners = methodOwners[prop];
      if (!owners) return undefined;
      return () => {
        throw new TypeError(`flocklab: ${prop}() is for ${owners.join(' and ')} widgets; this one is a ${w.spec_.name} widget`);
      };
    },
  });
  return handle;
}
