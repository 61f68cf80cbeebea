// flocklab's JS shim, the entry of the bundle the page loads (flocklab.js):
// mounts every .flocklab element on the page as its own WebAssembly instance
// and binds the element's HTML controls to it. One module per job:
//   loader.js     the WebAssembly module, shared; instances one at a time
//   handle.js     mount() and the handle
//   options.js    the scenes' description and the methods their options give
//   controls.js   the page's buttons, gauges and charts inside a widget
//   form.js       [data-controls]: the tunables as HTML form controls
//   input.js      the canvas, its keys, touches and wheel
//   lifecycle.js  observers, resizing, lost contexts, full screen
//   contexts.js   the page's budget of WebGL contexts (widgets park beyond it)
//   speech.js     the canvas's name and description, and the live region
//   charts.js     <svg data-plot>
//   values.js     shared checks and formatting
import { mount } from './handle.js';
import { plotSummary } from './charts.js';
import { compiledModule, liveInstances } from './loader.js';
import { contextStats } from './contexts.js';
import { warn } from './values.js';

// Every .flocklab element under root; one nested inside another widget is
// skipped with a warning (it would share that widget's canvas and buttons).
export function mountAll(root = document) {
  return [...root.querySelectorAll('.flocklab')].flatMap((el) => {
    if (el.parentElement && el.parentElement.closest('.flocklab')) {
      warn(el, 'a .flocklab element inside another one is not mounted; make them siblings');
      return [];
    }
    return [mount(el)];
  });
}

export { mount, plotSummary, liveInstances, contextStats };

window.FlockLab = { mount, mountAll, plotSummary, liveInstances, contextStats };
// The module downloads and compiles while the page finishes parsing.
if (typeof WebAssembly === 'object' && document.querySelector('.flocklab')) compiledModule().catch(() => {});
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => mountAll());
else mountAll();
