// The saved file itself, a chunk of its own (flocklab-save.js), loaded by
// save.js when a student points at or focuses Save, or a script saves: the
// widget as one offline HTML file with its configuration written inside it
// (offline-page.js). A page served with the release fetches the template
// flocklab-offline.txt from beside flocklab.js (about 1 MB, only when
// saving); a page that is itself a single file builds it from its own
// inline stylesheet and bundle. Plain names across the two bundles.
import { inline } from './inline.js';
import { bake, offlinePage } from './offline-page.js';
import { linkParams } from './link.js';

let template = null;
function page() {
  if (inline) {
    const js = document.querySelector('script[data-flocklab]')?.textContent;
    const css = document.querySelector('style[data-flocklab]')?.textContent;
    if (js === undefined || css === undefined) return Promise.reject(new Error('flocklab: saveFile(): this single-file page has no inline flocklab bundle to copy'));
    return Promise.resolve(offlinePage(inline.page, css, js));
  }
  const url = new URL('./flocklab-offline.txt', import.meta.url);
  template ??= fetch(url).then((r) => {
    if (!r.ok) throw new Error(`flocklab: saveFile(): ${url} could not be loaded (HTTP ${r.status}); copy flocklab-offline.txt from the release next to flocklab.js`);
    return r.text();
  }).then((text) => {
    // The template must be this release's single file (not a server's error
    // page, nor another release's, whose saved file would differ from this widget).
    const made = /<meta name="?flocklab-version"? content="?([^">\s]*)"?>/.exec(text.slice(0, 2000))?.[1];
    if (made !== FLOCKLAB_VERSION) { // eslint-disable-line no-undef
      throw new Error(`flocklab: saveFile(): ${url} is ${made ? `release ${made}'s template` : 'not flocklab\'s template'}, and flocklab.js is ${FLOCKLAB_VERSION}; copy flocklab-offline.txt from the same release`); // eslint-disable-line no-undef
    }
    return text;
  }).catch((err) => { template = null; throw err; });
  return template;
}

// The template on its way (Save pointed at or focused).
export function fetchTemplate() {
  if (!inline) page().catch(() => {}); // said when the save is asked for
}

// The File of a widget with this configuration.
export const savedFile = async (config, spec, lang) => new File([bake(await page(), linkParams(config, spec, lang))],
  `flocklab-${spec.name}-seed${config.seed}.html`, { type: 'text/html' });
