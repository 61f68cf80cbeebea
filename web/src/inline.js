// What a single-file build carries inline instead of fetching: null here.
// The offline files (make dist: offline/*.html, a widget's saveFile()) are
// built with this module replaced by one that exports
//   { core: base64 of flocklab-core.wasm, sweep: base64 of flocklab-sweep.wasm,
//     lang: { es: {...}, ... }, offline: { flock: html, ... } | null }
// (web/tools/dist.mjs), so they open from file:// with no other request.
export const inline = null;

// A file beside this module, its address made from the module's own as
// text: the new URL(file, import.meta.url) form makes bundlers take the file
// in as a part of the bundle, which is wanted for the .wasm files but not
// for a page (embed.html) or a file that is in no release (lang/qps.js).
export const besideShim = (file) => `${import.meta.url.split(/[?#]/)[0].replace(/[^/]*$/, '')}${file}`;

// Base64 to bytes (the inline modules).
export const decode = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
