// handle.saveFile() and [data-action="save"]: the widget as one offline HTML
// file with its configuration written inside it (offline-page.js), so that a
// teacher can mail a maze or a tuned flock and it opens as it was, from
// file://, with no other request. A page served with the release fetches the
// template flocklab-offline.txt from beside flocklab.js (about 1 MB, only
// when saving); a page that is itself a single file builds it from its own
// inline stylesheet and bundle.
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

// A download of `blob` named `name` (the CSV's too).
export function saveAs(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// The template on its way before it is needed: called when a student
// points at or focuses a Save button, so that on a slow network the file is
// usually made within the click's user activation (Safari ignores a
// download started a few seconds after its click).
export function prefetchTemplate() {
  if (!inline) page().catch(() => {}); // said when the save is asked for
}

// Resolves to the File it downloaded. `offer(file)`: how a button's save
// hands the file over when the template came too late, after the click's
// activation ended (a browser would ignore the download): the widget then
// shows a link that saves it with the student's next click.
export async function saveFile(config, spec, lang, offer = null) {
  const began = performance.now();
  const params = linkParams(config, spec, lang);
  const file = new File([bake(await page(), params)], `flocklab-${spec.name}-seed${config.seed}.html`, { type: 'text/html' });
  const lapsed = navigator.userActivation ? !navigator.userActivation.isActive : performance.now() - began > 1000;
  if (offer && lapsed) offer(file);
  else saveAs(file, file.name);
  return file;
}
