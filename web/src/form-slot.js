// [data-controls]: where a widget's Tuning form goes (addForms), and the form
// itself, made once the widget is ready from the experiments' chunk
// (form.js): its code is fetched only by a page that shows a form, after the
// widget's first load.
import { own, warn } from './values.js';
import { english } from './lang.js';

// data-forms on a widget: its Tuning form and its list of keys, each in a
// <details> before its caption, unless the page placed its own
// [data-controls] or [data-help] (the summaries are translated with the
// widget's words: data-fl-text).
export function addForms(el) {
  if (!el.hasAttribute('data-forms')) return;
  const before = [...el.children].find((c) => c.tagName === 'FIGCAPTION') ?? null;
  for (const [attr, words] of [['data-controls', english.t('Tuning')], ['data-help', english.t('Keys')]]) {
    if (own(el, `[${attr}]`).length) continue;
    const d = document.createElement('details');
    d.className = 'fl-forms';
    const s = Object.assign(document.createElement('summary'), { textContent: words });
    s.dataset.flText = words;
    const box = document.createElement('div');
    box.setAttribute(attr, '');
    d.append(s, box);
    el.insertBefore(d, before);
  }
}

// The widget's form_: build() at ready fetches the form's code where the
// widget has a [data-controls], then makes it; sync() is the form's once made.
// `load`: the chunk's import().
export function formLater(w, load) {
  let form = null;
  return {
    build() {
      if (!own(w.el_, '[data-controls]').length) return;
      load().then((m) => {
        if (w.signal_.aborted) return;
        form = m.makeForm({
          el: w.el_,
          handle: w.own_,
          get lang() { return w.lang_; },
          get spec() { return w.spec_; },
          signal: w.signal_,
          api: () => w.api_(),
        });
        form.build();
      }).catch((err) => warn(w.el_, `the Tuning form could not load: ${err.message}`));
    },
    sync() { form?.sync(); },
  };
}
