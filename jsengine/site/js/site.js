"use strict";
// The studio's API answered in the page (tendays export --format site): the
// board's view comes with the page (site-data.js); journeys and games go to
// the studio's own Go handlers, compiled to WebAssembly (studio-wasm.js),
// through the same calls as the boardgame.io package's engine
// (tendays.caller). The page's api() (dom.js) asks this when it is set.
(() => {
  const site = globalThis.tendaysSite;
  let call = null;
  const ready = (async () => {
    const text = atob(globalThis.tendaysStudioWasm);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    const go = new globalThis.Go();
    const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
    go.run(instance);
    call = globalThis.tendays.caller(instance.exports);
    call("open", JSON.stringify({ pack: site.pack, name: site.name }));
  })();
  globalThis.tendaysInPage = {
    ready,
    async api(method, path, body) {
      // The view as the export made it, whatever ?lang the page asks
      // (the names are the pack's own: the site carries one view).
      if (method === "GET" && (path === "/api/view" || path.startsWith("/api/view?"))) return { ok: true, status: 200, body: site.view };
      try {
        await ready;
        const r = call("request", JSON.stringify({ method, path, body: body === undefined ? null : body }));
        if (r.status >= 200 && r.status < 300) return { ok: true, status: r.status, body: r.body };
        return { ok: false, status: r.status, body: r.body, error: (r.body && r.body.error) || "error " + r.status };
      } catch (err) {
        return { ok: false, status: 0, error: "the engine in the page: " + err.message };
      }
    },
  };
})();
