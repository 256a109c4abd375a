// Small DOM helpers: elements built from data (never from HTML strings, so
// names from an edition cannot inject markup), the JSON API, and the live
// region that tells screen readers what changed.

export const SVG_NS = "http://www.w3.org/2000/svg";

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

// s is h for SVG elements.
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "style") el.style.cssText = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false || c === "") continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(el) {
  el.replaceChildren();
}

// api calls the studio's JSON API: {ok, status, body, error}.
export async function api(method, path, body) {
  // A page with the engine inside (tendays export --format site) answers itself.
  if (globalThis.tendaysInPage) return globalThis.tendaysInPage.api(method, path, body);
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (err) {
    return { ok: false, status: 0, error: "the studio does not answer: the server is gone or unreachable (is tendays serve still running?)" };
  }
  let data;
  try {
    data = await res.json();
  } catch (err) {
    data = null; // no JSON body: the status says what happened
  }
  if (!res.ok) return { ok: false, status: res.status, body: data, error: (data && data.error) || res.statusText };
  return { ok: true, status: res.status, body: data };
}

// announce says msg in the page's live region (role=status), once: the
// region is emptied first so that the same words said twice are heard
// twice.
let announceTimer = 0;
export function announce(msg) {
  const live = document.getElementById("live");
  if (!live || !msg) return;
  live.textContent = "";
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => { live.textContent = msg; }, 30);
}

// keepFocus runs render (which replaces elements) and puts the focus back
// on the element that plays the same part afterwards: the one with the same
// id or the same data-* attributes, so a keyboard user does not fall back
// to the top of the page after each move.
export function keepFocus(box, render) {
  const active = document.activeElement;
  let sel = null;
  if (active && box.contains(active) && active !== box) {
    if (active.id) sel = "#" + CSS.escape(active.id);
    else {
      const parts = [];
      for (const a of active.attributes) {
        if (a.name.startsWith("data-") && !["data-size", "data-open"].includes(a.name)) parts.push(`[${a.name}="${CSS.escape(a.value)}"]`);
      }
      if (parts.length) sel = active.tagName.toLowerCase() + parts.join("");
    }
  }
  render();
  if (!sel) return;
  const again = box.querySelector(sel);
  if (again && typeof again.focus === "function") again.focus({ preventScroll: true });
  else if (box.contains(active) || !document.activeElement || document.activeElement === document.body) {
    // The element is gone (a pile emptied): the panel keeps the focus.
    const fallback = box.querySelector("[data-focus-home]") || box;
    if (!fallback.hasAttribute("tabindex") && !fallback.matches("button,a,input,select")) fallback.setAttribute("tabindex", "-1");
    fallback.focus({ preventScroll: true });
  }
}
