// Runs inside each module instance. SDL 2.26's Emscripten backend always
// addresses its canvas as "#canvas"; pointing that name at this instance's
// own canvas lets several widgets share one page.

// Makes `canvas` this instance's: SDL's next window is made on it (at start,
// and with a fresh canvas after a lost WebGL context).
Module['flocklabSetCanvas'] = function (canvas) {
  Module['canvas'] = canvas;
  specialHTMLTargets['#canvas'] = canvas;
};

// Module.canvas is only assigned by the time preRun runs, not at the top of
// this file.
Module['preRun'] = Module['preRun'] || [];
Module['preRun'].push(function () {
  Module['flocklabSetCanvas'](Module['canvas']);
});
