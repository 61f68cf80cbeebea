// A widget as one HTML file that opens from file:// with no other request:
// embed.html with the stylesheet and the single-file bundle written inside it
// (make dist's offline/*.html and flocklab-offline.txt, web/tools/offline.mjs)
// and, for a saved widget (handle.saveFile()), its configuration baked into
// the element as data-* attributes. The one code for both: the build runs it
// in node, the shim in the page.

// The widget's element in the file: its configuration goes here.
// (A tool that rewrote the template may have dropped the quotes.)
const FIGURE = /<figure class="?flocklab"? data-url-config[^>]*>/g;

const attribute = (v) => String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

// Text that goes inside <script> or <style> must not close it early: every
// "</script" escaped (esbuild writes them so), and no "<!--" (after which a
// "<script" would make the closing tag a part of the script).
export function inside(tag, text) {
  if (tag === 'script' && /<!-{2}/.test(text)) throw new Error('flocklab: the bundle holds an HTML comment\'s opening, which a page cannot carry inline');
  if (new RegExp(`</${tag}`, 'i').test(text) && tag === 'style') throw new Error(`flocklab: the stylesheet holds "</${tag}"`);
  return tag === 'script' ? text.replace(/<\/script/gi, '<\\/script') : text;
}

// The page: `template` is embed.html with empty <style data-flocklab> and
// <script type="module" data-flocklab> elements; `params`, [name, value]
// pairs in embed.html's query names (linkParams()), become the element's data-*.
export const offlinePage = (template, css, js, params = []) => bake(fill(template, css, js), params);

// Any page with those two empty elements (the offline lesson too), filled.
export const fill = (template, css, js) => template
  .replace('<style data-flocklab></style>', () => `<style data-flocklab>${inside('style', css)}</style>`)
  .replace('<script type="module" data-flocklab></script>', () => `<script type="module" data-flocklab>${inside('script', js)}</script>`);

// A built page with a configuration written into its element: the last such
// tag, in the body (the bundle in the head carries the template's too).
export function bake(html, params) {
  const all = [...html.matchAll(FIGURE)];
  const m = all[all.length - 1];
  if (!m) throw new Error('flocklab: the offline page has no <figure class="flocklab" data-url-config>');
  const given = new Map(params);
  // The template's own attributes (its scene) stay unless the configuration says otherwise.
  const own = [...m[0].matchAll(/ data-([a-z-]+)=(?:"([^"]*)"|([^\s">]+))/g)].filter(([, k]) => !given.has(k));
  const attrs = [...own.map(([, k, q, v]) => ` data-${k}="${q ?? v}"`), ...[...given].map(([k, v]) => ` data-${k}="${attribute(v)}"`)].join('');
  return `${html.slice(0, m.index)}<figure class="flocklab" data-url-config${attrs}>${html.slice(m.index + m[0].length)}`;
}
