// Full screen in every engine a student has: the standard API, or Safari's
// prefixed one where that is all there is (iPadOS before 16.4, and some
// WebKit builds). An iPhone has neither for an element (only for video):
// request() then says so in a sentence the widget shows and speaks.
import { warn } from './values.js';

const doc = () => document;
export const fullscreenElement = () => doc().fullscreenElement ?? doc().webkitFullscreenElement ?? null;
// Whether this browser can put an element in full screen at all (and the
// page, or its frame, allows it).
export const fullscreenAvailable = () => Boolean(doc().fullscreenEnabled ?? doc().webkitFullscreenEnabled ?? false);
// One listener for both spellings of the event.
export function onFullscreenChange(fn, options) {
  doc().addEventListener('fullscreenchange', fn, options);
  doc().addEventListener('webkitfullscreenchange', fn, options);
}
export function offFullscreenChange(fn) {
  doc().removeEventListener('fullscreenchange', fn);
  doc().removeEventListener('webkitfullscreenchange', fn);
}
export function exitFullscreen() {
  const d = doc();
  return Promise.resolve(d.exitFullscreen ? d.exitFullscreen() : d.webkitExitFullscreen?.());
}
// Resolves when the element is in full screen; rejects with an Error whose
// message says why not (no API here, the frame forbids it, or refused).
export function requestFullscreen(el) {
  if (el.requestFullscreen) return el.requestFullscreen();
  if (el.webkitRequestFullscreen) {
    // The prefixed call returns nothing: its answer is an event.
    return new Promise((resolve, reject) => {
      const done = (ok) => () => {
        doc().removeEventListener('webkitfullscreenchange', yes);
        doc().removeEventListener('webkitfullscreenerror', no);
        (ok ? resolve() : reject(new Error('the browser refused')));
      };
      const yes = done(true);
      const no = done(false);
      doc().addEventListener('webkitfullscreenchange', yes, { once: true });
      doc().addEventListener('webkitfullscreenerror', no, { once: true });
      el.webkitRequestFullscreen();
    });
  }
  return Promise.reject(new Error('no full screen'));
}

// Full screen on the widget's element (the canvas keeps the world's shape);
// Escape leaves, as the browser does. Where there is none (an iPhone, a
// frame without allow="fullscreen") or the browser refuses, the student is
// told in the widget's live region and a note on it (`note`), and the
// author in the console.
export function toggleFullscreen(el, { say = () => {}, note = () => {}, t = (s) => s } = {}) {
  if (fullscreenElement() === el) return exitFullscreen();
  const refused = (why) => {
    say(why);
    note(why);
    warn(el, why);
  };
  if (!fullscreenAvailable()) {
    refused(window.self !== window.top
      ? t('Full screen is not allowed in this frame: the page around it needs allow="fullscreen" on its iframe.')
      : t('This browser has no full screen for a widget (an iPhone has it only for videos).'));
    return Promise.resolve();
  }
  return requestFullscreen(el).catch((err) => refused(`${t('The browser refused full screen.')} (${err.message})`));
}
