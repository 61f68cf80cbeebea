// Small shared helpers: warnings, names and the checks every value passes.

export function warn(el, message) {
  console.warn(`flocklab: ${message}`, el);
}

export const upperFirst = (s) => s[0].toUpperCase() + s.slice(1);
export const kebab = (s) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

// A whole number from an attribute or an argument; out-of-range values are
// clamped and anything that is not a number falls back to the default, each
// with a console warning.
export function wholeNumber(el, name, raw, fallback, lo, hi) {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const v = typeof raw === 'number' ? raw : Number(String(raw).trim());
  if (!Number.isFinite(v)) {
    warn(el, `${name}="${raw}" is not a number; using ${fallback}`);
    return fallback;
  }
  const clamped = Math.min(hi, Math.max(lo, Math.round(v)));
  if (clamped !== v) warn(el, `${name}="${raw}" must be a whole number from ${lo} to ${hi}; using ${clamped}`);
  return clamped;
}

export function finitePoint(what, x, y) {
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
    throw new TypeError(`flocklab: ${what} needs two finite numbers, got (${x}, ${y})`);
  }
}

// data-paused as an author writes it: present, "true", "paused", "1" pause; "false", "0", "no", "off" do not.
export function isOn(v) {
  if (v === true || v === '') return true;
  if (v === false || v === undefined || v === null) return false;
  return !['false', '0', 'no', 'off'].includes(String(v).trim().toLowerCase());
}

// The element's own descendants matching `selector`, not those of a widget nested inside it.
export const own = (el, selector) => [...el.querySelectorAll(selector)].filter((n) => n.closest('.flocklab') === el);

// A gauge's value as the page shows it: two decimals without a unit, one with.
export function format(value, unit) {
  if (!Number.isFinite(value)) return '–';
  return unit === '' ? value.toFixed(2) : value.toFixed(1);
}
export const number = (v, unit) => (unit === '' ? format(v, unit) : `${format(v, unit)} ${unit}`);
