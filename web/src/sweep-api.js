// The experiments' module's C API (src/sweep/sweep_main.cpp), one place for
// its signatures: the workers (sweep-worker.js) and the page without them
// (experiment.js) both call it.
export const sweepApi = (m) => ({
  begin: m.cwrap('sw_begin', 'string', ['string', 'string', 'string', 'string', 'string', 'number']),
  beginSettings: m.cwrap('sw_begin_settings', 'string', ['string', 'string', 'string', 'string', 'string', 'number']),
  run: m.cwrap('sw_run', 'string', ['number']),
  work: m.cwrap('sw_work', 'number', ['number']),
  rows: m.cwrap('sw_rows', 'string', ['number']),
  shape: m.cwrap('sw_shape', 'string', ['string', 'string']),
});

// An experiment's description from a job {scene, attributes, vary, values,
// seeds, steps}: an element's data-*; or with `settings` in place of
// `attributes`, a widget's settings as they are now (its experiment()).
export const begin = (api, j) => JSON.parse(j.settings === undefined
  ? api.begin(j.scene, j.attributes, j.vary, j.values, j.seeds, j.steps)
  : api.beginSettings(j.scene, j.settings, j.vary, j.values, j.seeds, j.steps));
