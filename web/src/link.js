// [SECTION] Links: a config in embed.html's query, in the data-* names
// (kebab-case): scene, seed, paused, each option's attribute, the what-if
// lane, and each tunable that differs from its default.
import { kebab, kebabOfSnake } from './values.js';
import { inline, besideShim } from './inline.js';

// A single file (offline/*.html, a saved widget) has no embed.html beside it:
// it reads its address itself, so its links are to itself. Otherwise
// embed.html beside this module (besideShim: as a part of the bundle,
// Parcel followed the page's script back to this module and failed to
// build; Vite and webpack copied it where its flocklab.js was missing).
const EMBED = new URL(inline ? location.href.split(/[?#]/)[0] : besideShim('embed.html'));
export const linkTo = (cfg, spec, lang) => `${EMBED.href}?${linkParams(cfg, spec, lang)}`;

// The configuration as embed.html's query (and a saved file's data-*).
export function linkParams(cfg, spec, lang) {
  const q = new URLSearchParams();
  q.set('scene', cfg.scene);
  if (lang && lang.code !== 'en') q.set('lang', lang.code); // the link opens in the widget's language
  q.set('seed', String(cfg.seed));
  if (cfg.paused) q.set('paused', '1');
  for (const opt of spec.options) {
    const key = opt.kind === 'flags' ? `${opt.attribute}s` : opt.attribute;
    if (!key || cfg[key] === undefined) continue;
    if (cfg[key] === '' && opt.kind !== 'flags') continue; // none: the default
    q.set(kebab(key), String(cfg[key]));
  }
  if (cfg.compare) q.set('compare', cfg.compare); // the what-if lane
  for (const t of spec.tunables) {
    const v = cfg.params[t.name];
    if (v !== undefined && v !== t.default) q.set(kebabOfSnake(t.name), String(v));
  }
  return q;
}
