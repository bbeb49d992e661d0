"use strict";
(function () {
  // Every string from the log reaches the page through textContent or setAttribute, never as markup.
  var DATA = JSON.parse(document.getElementById("report-data").textContent);
  var PAGE_SIZE = 100;
  var ICON = { supported: "\u2713 supported", not_supported: "\u2717 not supported", error: "\u26a0 error" };
  var CHANGE_ORDER = { broken: 0, fixed: 1, status_changed: 2, only_new: 3, only_base: 4, unchanged: 5 };
  var state = { tag: "", change: "", query: "", sortKey: null, sortDir: 1, page: 0, rows: [], selected: null };

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) { Object.keys(attrs).forEach(function (k) { if (attrs[k] !== null && attrs[k] !== undefined) node.setAttribute(k, String(attrs[k])); }); }
    (children || []).forEach(function (c) {
      if (c === null || c === undefined) return;
      node.appendChild(typeof c === "object" ? c : document.createTextNode(String(c)));
    });
    return node;
  }
  function fmt(v, digits) {
    if (v === null || v === undefined) return "\u2014";
    if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toFixed(digits === undefined ? 3 : digits);
    if (typeof v === "object") return JSON.stringify(v);
    return String(v);
  }
  function pct(v) { return v === null || v === undefined ? "\u2014" : (100 * v).toFixed(1) + "%"; }
  function chars(text) { return Array.from(text || ""); }  // Python offsets count code points, not UTF-16 units
  function slice(cs, a, b) { return cs.slice(a, b).join(""); }
  function firstFailing(a) {
    for (var i = 0; i < a.claims.length; i++) { if (a.claims[i].verdict !== "supported") return a.claims[i]; }
    return null;
  }
  function reasonOf(a) {
    if (a.status === "error") return "line " + a.line + ": " + (a.error || "error");
    if (a.status === "refusal") return "refusal";
    if (a.status === "no_claims") return "no claims";
    var c = firstFailing(a);
    return c ? c.text : "";
  }
  DATA.answers.forEach(function (a, i) {
    a._index = i;
    a._failing = a.claims.filter(function (c) { return c.verdict !== "supported"; }).length;
    a._reason = reasonOf(a);
    a._haystack = [a.id, a.question, a.answer, a.error, a.refusal, a.warnings.join(" "), a._reason]
      .concat(a.claims.map(function (c) { return c.text; })).join("\n").toLowerCase();
  });

  // ---- header
  function card(k, v, s) { return el("div", { "class": "card" }, [el("div", { "class": "k" }, [k]), el("div", { "class": "v" }, [v]), s ? el("div", { "class": "s" }, [s]) : null]); }
  function renderHeader() {
    var h = DATA.header, s = h.summary, iv = h.unsupported_interval;
    var cards = document.getElementById("cards");
    cards.appendChild(card("answers", fmt(s.answers), "scored " + fmt(s.scored) + " \u00b7 refusals " + fmt(s.refusals) + " \u00b7 no claims " + fmt(s.no_claims) + " \u00b7 errors " + fmt(s.errors)));
    cards.appendChild(card("unsupported-answer rate", pct(s.unsupported_answer_rate), fmt(iv.k) + "/" + fmt(iv.n) + " scored, 95% Wilson [" + pct(iv.low) + ", " + pct(iv.high) + "]"));
    cards.appendChild(card("faithfulness micro / macro", fmt(s.faithfulness_micro) + " / " + fmt(s.faithfulness_macro), "claims " + fmt(s.claims) + " \u00b7 supported " + fmt(s.claims_supported)));
    cards.appendChild(card("truncated", fmt(s.truncated), "claim errors " + fmt(s.claim_errors)));
    var c = h.checker || {};
    cards.appendChild(card("checker", fmt(c.checker), "threshold " + fmt(c.threshold) + (c.weights ? " \u00b7 " + String(c.weights).slice(0, 19) : "")));
    if (DATA.log_note) { var n = document.getElementById("log-note"); n.textContent = DATA.log_note; n.hidden = false; }
    var t = document.getElementById("run-table");
    function row(k, v) { t.appendChild(el("tr", null, [el("td", null, [k]), el("td", null, [v])])); }
    row("run folder", h.run_dir);
    row("input", fmt((h.input || {}).path) + "  sha256 " + fmt((h.input || {}).sha256) + "  (" + fmt((h.input || {}).records) + " records)");
    row("checker", fmt(c.checker) + (c.model ? "  model " + c.model : ""));
    ["weights", "revision_or_hash", "revision", "threshold", "labels", "windows", "window_sentences", "window_veto", "alignment_rules", "numbers", "mode", "prompt_version"].forEach(function (k) { if (c[k] !== undefined) row(k, fmt(c[k])); });
    row("checker spec", JSON.stringify(c));
    row("claims", JSON.stringify(h.claims));
    row("decided by", Object.keys(h.stages || {}).map(function (k) { return k + " " + h.stages[k]; }).join(", ") || "\u2014");
    row("errors by reason", JSON.stringify(h.error_reasons || {}));
    row("warnings", JSON.stringify(h.warnings || {}));
    row("stage counters", Object.keys(h.counters).map(function (k) { return k + " " + fmt(h.counters[k]); }).join(", "));
    row("started / finished", fmt(h.started_at) + " / " + fmt(h.finished_at) + "  (faithkit " + fmt(h.faithkit_version) + ")");
  }

  // ---- compare
  function renderCompare() {
    var cmp = DATA.compare; if (!cmp) return;
    document.getElementById("compare").hidden = false;
    var box = document.getElementById("compare-summary");
    var cards = el("div", { "class": "cards" }, [
      card("newly broken", fmt(cmp.broken), "supported in base, unsupported now"),
      card("newly fixed", fmt(cmp.fixed), "unsupported in base, supported now"),
      card("exact McNemar p", typeof cmp.mcnemar_p === "number" ? cmp.mcnemar_p.toFixed(4) : "\u2014", fmt(cmp.paired) + " paired answers"),
      card("unsupported rate base \u2192 new", pct(cmp.base.unsupported_rate.rate) + " \u2192 " + pct(cmp.new.unsupported_rate.rate),
        "new 95% [" + pct(cmp.new.unsupported_rate.low) + ", " + pct(cmp.new.unsupported_rate.high) + "]")
    ]);
    if (cmp.decision) cards.appendChild(card("gate", cmp.decision.outcome, "exit " + cmp.decision.exit_code));
    box.appendChild(cards);
    box.appendChild(el("p", { "class": "muted" }, ["baseline: " + cmp.base_path]));
    var notes = [];
    if (cmp.decision) { notes = notes.concat(cmp.decision.failures.map(function (f) { return "gate failed: " + f; })); notes = notes.concat(cmp.decision.inconclusive.map(function (f) { return "inconclusive: " + f; })); }
    notes = notes.concat(cmp.warnings || []);
    if (cmp.refusal_rise_warning) notes.push(cmp.refusal_rise_warning);
    (cmp.manifest_changes || []).forEach(function (m) { notes.push((m.changes_meaning ? "measurement changed: " : "changed: ") + m.key + ": " + fmt(m.base) + " \u2192 " + fmt(m.new)); });
    if (cmp.base_log_note) notes.push(cmp.base_log_note);
    if (notes.length) box.appendChild(el("ul", null, notes.map(function (n) { return el("li", null, [n]); })));
    document.getElementById("change-label").hidden = false;
  }

  // ---- table
  var COLUMNS = [
    { key: "id", label: "id", value: function (a) { return a.id; } },
    { key: "line", label: "line", value: function (a) { return a.line; } },
    { key: "status", label: "status", value: function (a) { return a.tags.join(" "); } },
    { key: "faithfulness", label: "faithfulness", value: function (a) { return a.faithfulness === null ? -1 : a.faithfulness; } },
    { key: "claims", label: "failing / claims", value: function (a) { return a._failing * 10000 + a.claims.length; } },
    { key: "reason", label: "first unsupported claim / reason", value: function (a) { return a._reason; } }
  ];
  if (DATA.compare) COLUMNS.splice(2, 0, { key: "change", label: "change", value: function (a) { return CHANGE_ORDER[a.change] === undefined ? 9 : CHANGE_ORDER[a.change]; } });
  function renderHead() {
    var head = document.getElementById("answer-head");
    COLUMNS.forEach(function (col) {
      var th = el("th", { "data-key": col.key, scope: "col" }, [col.label]);
      th.addEventListener("click", function () {
        state.sortDir = state.sortKey === col.key ? -state.sortDir : 1; state.sortKey = col.key; state.page = 0; refresh();
      });
      head.appendChild(th);
    });
    var sf = document.getElementById("status-filter");
    DATA.tags.forEach(function (t) {
      var n = DATA.answers.filter(function (a) { return a.tags.indexOf(t) >= 0; }).length;
      sf.appendChild(el("option", { value: t }, [t.replace("_", " ") + " (" + n + ")"]));
    });
    sf.addEventListener("change", function () { state.tag = sf.value; state.page = 0; refresh(); });
    if (DATA.compare) {
      var cf = document.getElementById("change-filter");
      Object.keys(CHANGE_ORDER).forEach(function (c) {
        var n = DATA.answers.filter(function (a) { return a.change === c; }).length;
        if (n) cf.appendChild(el("option", { value: c }, [c.replace("_", " ") + " (" + n + ")"]));
      });
      cf.addEventListener("change", function () { state.change = cf.value; state.page = 0; refresh(); });
    }
    var timer = null, search = document.getElementById("search");
    search.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { state.query = search.value.trim().toLowerCase(); state.page = 0; refresh(); }, 120);
    });
    document.getElementById("prev-page").addEventListener("click", function () { if (state.page > 0) { state.page--; renderRows(); } });
    document.getElementById("next-page").addEventListener("click", function () { if ((state.page + 1) * PAGE_SIZE < state.rows.length) { state.page++; renderRows(); } });
  }
  function refresh() {
    var rows = DATA.answers.filter(function (a) {
      return (!state.tag || a.tags.indexOf(state.tag) >= 0) && (!state.change || a.change === state.change) &&
        (!state.query || a._haystack.indexOf(state.query) >= 0);
    });
    if (state.sortKey) {
      var col = COLUMNS.filter(function (c) { return c.key === state.sortKey; })[0];
      rows.sort(function (x, y) {
        var a = col.value(x), b = col.value(y);
        return (a < b ? -1 : a > b ? 1 : x._index - y._index) * state.sortDir;
      });
    }
    state.rows = rows;
    document.querySelectorAll("#answer-head th").forEach(function (th) {
      th.setAttribute("aria-sort", th.getAttribute("data-key") === state.sortKey ? (state.sortDir > 0 ? "ascending" : "descending") : "none");
    });
    document.getElementById("match-count").textContent = rows.length + " of " + DATA.answers.length + " answers";
    renderRows();
  }
  function tagsNode(tags) { return el("span", null, tags.map(function (t) { return el("span", { "class": "tag " + t }, [t.replace("_", " ")]); })); }
  function renderRows() {
    var body = document.getElementById("answer-rows"), start = state.page * PAGE_SIZE;
    var page = state.rows.slice(start, start + PAGE_SIZE), frag = document.createDocumentFragment();
    page.forEach(function (a) {
      var cells = [el("td", null, [a.id]), el("td", null, [a.line])];
      if (DATA.compare) cells.push(el("td", null, [el("span", { "class": "tag " + a.change }, [a.change.replace("_", " ")])]));
      cells.push(el("td", null, [tagsNode(a.tags)]), el("td", null, [fmt(a.faithfulness)]),
        el("td", null, [a.claims.length ? a._failing + " / " + a.claims.length : "\u2014"]), el("td", { "class": "snip", title: a._reason }, [a._reason]));
      var tr = el("tr", { "data-id": a.id, "data-index": a._index, "class": state.selected === a._index ? "selected" : null }, cells);
      tr.addEventListener("click", function () { select(a._index); });
      frag.appendChild(tr);
    });
    body.replaceChildren(frag);
    var pages = Math.max(1, Math.ceil(state.rows.length / PAGE_SIZE));
    document.getElementById("page-info").textContent = "page " + (state.page + 1) + " of " + pages;
    document.getElementById("prev-page").disabled = state.page === 0;
    document.getElementById("next-page").disabled = state.page + 1 >= pages;
  }

  // ---- one answer
  function select(index) {
    state.selected = index;
    document.querySelectorAll("#answer-rows tr").forEach(function (tr) { tr.classList.toggle("selected", Number(tr.getAttribute("data-index")) === index); });
    var a = DATA.answers[index], view = document.getElementById("answer-view");
    view.hidden = false;
    view.replaceChildren();
    view.appendChild(el("h2", null, ["Answer " + a.id]));
    if (DATA.compare && a.change === "only_base") {
      view.appendChild(el("p", { "class": "note" }, ["absent from this run; the baseline's version:"]));
      var gone = el("div", { "class": "version", "data-version": "base" });
      view.appendChild(gone);
      renderVersion(gone, a.base, "baseline");
    } else if (DATA.compare && a.base) {
      view.appendChild(el("p", null, ["change: ", el("span", { "class": "tag " + a.change }, [a.change.replace("_", " ")])]));
      var cols = el("div", { "class": "cols" }, [el("div", { "class": "version", "data-version": "base" }), el("div", { "class": "version", "data-version": "new" })]);
      view.appendChild(cols);
      renderVersion(cols.children[0], a.base, "baseline");
      renderVersion(cols.children[1], a, "this run");
    } else {
      var one = el("div", { "class": "version", "data-version": "new" });
      view.appendChild(one);
      renderVersion(one, a, null);
    }
    view.scrollIntoView({ block: "start" });
  }
  var UNCHECKED_WHY = { particle: "answer particle", talk_to_user: "talk to the user (greeting, sign-off, offer)", asks: "a question (it asserts nothing)",
    question: "the question restated", lead_in: "lead-in with no fact of its own", sources: "a list of sources", declines: "declines to answer", no_claim: "no claim taken from it" };
  function renderVersion(box, a, label) {
    if (label) box.appendChild(el("h3", null, [label]));
    box.appendChild(el("p", null, ["line " + a.line + " \u00b7 ", tagsNode(a.tags), a.faithfulness !== null ? " faithfulness " + fmt(a.faithfulness) : ""]));
    if (a.question) box.appendChild(el("p", null, [el("b", null, ["Question: "]), a.question]));
    if (a.status === "error") box.appendChild(el("p", { "class": "note" }, ["line " + a.line + ": " + (a.error || "error")]));
    if (a.refusal) box.appendChild(el("p", null, ["refusal pattern: " + a.refusal]));
    if (a.warnings.length) box.appendChild(el("p", null, ["warnings: " + a.warnings.join(", ")]));
    if (a.raw) box.appendChild(el("details", null, [el("summary", null, ["rejected decomposer reply"]), el("pre", null, [a.raw])]));
    if (a.reference) box.appendChild(el("p", null, [el("b", null, ["Reference answer: "]), a.reference]));
    if (a.metadata) box.appendChild(el("details", null, [el("summary", null, ["metadata from the log"]), el("pre", { "class": "metadata" }, [JSON.stringify(a.metadata, null, 2)])]));
    var detail = el("div", { "class": "claim-detail" });
    if (a.answer !== null && a.answer !== undefined) box.appendChild(answerText(a, detail));
    if (a.claims.length) {
      var list = el("ol", { "class": "claims" });
      a.claims.forEach(function (c, i) {
        var li = el("li", { "class": "claim-item", "data-claim": i, tabindex: 0 }, [el("span", { "class": "badge v-" + c.verdict }, [ICON[c.verdict] || c.verdict]), " ", c.text]);
        li.addEventListener("click", function () { showClaim(box, a, i, detail); });
        onEnter(li);
        list.appendChild(li);
      });
      box.appendChild(el("h3", null, ["Claims"]));
      box.appendChild(list);
    }
    if (a.unchecked && a.unchecked.length) {  // sentences no claim covers (claims.unchecked), with why
      var skipped = el("ul", { "class": "unchecked" });
      a.unchecked.forEach(function (u) { skipped.appendChild(el("li", null, ["\u201c" + u.text + "\u201d \u2014 " + (UNCHECKED_WHY[u.why] || u.why)])); });
      box.appendChild(el("h3", null, ["Not checked"]));
      box.appendChild(skipped);
    }
    if (a.omissions && a.omissions.length) {
      var ul = el("ul", { "class": "omissions" });
      a.omissions.forEach(function (o) {
        (o.missing || []).forEach(function (m) { ul.appendChild(el("li", null, [m.condition + " \u2014 quote " + (m.quote_verified ? "verified" : "NOT verified") + ": \u201c" + m.quote + "\u201d (" + fmt(m.passage) + ")"])); });
        if (o.error) ul.appendChild(el("li", null, ["omission review failed: " + o.error]));
      });
      box.appendChild(el("h3", null, ["Omission notes (review only, not scored)"]));
      box.appendChild(ul);
    }
    box.appendChild(detail);
    if (!a.claims.length) box.appendChild(passagesNode(a, null));
  }
  function onEnter(node) {  // keyboard: Enter or Space selects, like a click
    node.addEventListener("keydown", function (ev) { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); node.click(); } });
  }
  function answerText(a, detail) {
    var cs = chars(a.answer), pos = 0, node = el("div", { "class": "answer-text" });
    var order = a.claims.map(function (c, i) { return i; }).sort(function (x, y) { return a.claims[x].span[0] - a.claims[y].span[0]; });
    order.forEach(function (i) {
      var c = a.claims[i], s = c.span[0], e = c.span[1];
      if (s < pos || e > cs.length || e <= s) return;  // overlapping or out of range: listed below only
      node.appendChild(document.createTextNode(slice(cs, pos, s)));
      var mark = el("mark", { "class": "claim v-" + c.verdict, "data-claim": i, tabindex: 0, role: "button", title: ICON[c.verdict] || c.verdict },
        [slice(cs, s, e), el("span", { "class": "badge" }, [ICON[c.verdict] || c.verdict])]);
      mark.addEventListener("click", function () { showClaim(node.parentNode, a, i, detail); });
      onEnter(mark);
      node.appendChild(mark);
      pos = e;
    });
    node.appendChild(document.createTextNode(slice(cs, pos, cs.length)));
    return node;
  }
  function showClaim(box, a, i, detail) {
    box.querySelectorAll(".active").forEach(function (n) { n.classList.remove("active"); });
    box.querySelectorAll('[data-claim="' + i + '"]').forEach(function (n) { n.classList.add("active"); });
    var c = a.claims[i], t = el("table", { "class": "kv" }), detailOf = c.detail || {}, exprs = c.expressions || [];
    var win = c.window || (c.evidence && c.evidence.passage_id !== undefined && c.evidence.passage_id !== null ? c.evidence : null);
    function row(k, v) { if (v !== null && v !== undefined && v !== "") t.appendChild(el("tr", null, [el("td", null, [k]), el("td", null, [v])])); }
    row("claim", c.text);
    row("verdict", el("span", { "class": "badge v-" + c.verdict }, [ICON[c.verdict] || c.verdict]));
    row("citation", c.citation && c.citation !== "none" ? c.citation + " (cites " + (c.cited || []).join(", ") + ")" + (c.citation === "misattributed" ? ": supported, but not by the passage it cites" : "") : null);
    row("why", detailOf.reason);
    row("score", fmt(c.score, 4)); row("stage", c.stage); row("label3", c.label3);
    (detailOf.parts || []).forEach(function (p) { row("part: " + p.text, fmt(p.verdict) + " " + fmt(p.score, 3) + (p.evidence ? " [" + p.evidence.passage_id + "] " + p.evidence.text : "")); });
    if (c.probs) row("probs", Object.keys(c.probs).map(function (k) { return k + " " + fmt(c.probs[k]); }).join(", "));
    row("truncated", c.truncated ? "yes: a (window, claim) pair was cut to the model's limit" : null);
    row("error / warning", c.error);
    if (c.quote) row("judge quote", (c.quote.verified ? "verified: " : "NOT verified" + (c.quote.problem ? " (" + c.quote.problem + ")" : "") + ": ") + "\u201c" + fmt(c.quote.text) + "\u201d");
    if (exprs.length) row("numbers", exprs.join("; "));
    if (c.evidence && !c.evidence.passage_id) row("evidence", c.evidence.text);
    (detailOf.numbers || []).forEach(function (n) { row("number " + fmt(n.text), fmt(n.status) + (n.source ? " (" + n.source + ")" : "")); });
    if (detailOf.rest_claim) row("checked without the arithmetic", detailOf.rest_claim);
    if (detailOf.premise_read) row("the model read", detailOf.premise_read);  // spread / follow-on: not the slice
    var parts = [el("h3", null, ["Claim " + (i + 1)]), t];
    if (c.raw) parts.push(el("h3", null, ["Raw reply of the failed call"]), el("pre", { "class": "raw" }, [c.raw]));
    parts.push(el("h3", null, [win ? "Evidence in its passage" : "Passages (no evidence window)"]), passagesNode(a, win));
    parts.push(el("details", null, [el("summary", null, ["every stored field of this claim"]), el("pre", null, [JSON.stringify(c, null, 2)])]));
    detail.replaceChildren.apply(detail, parts);
  }
  function passagesNode(a, win) {
    var wrap = el("div", { "class": "passages" });
    if (!a.passages.length) wrap.appendChild(el("p", { "class": "muted" }, [a.answer === null || a.answer === undefined ? "passages not available (see the note at the top)" : "no passages"]));
    a.passages.forEach(function (ref) {
      var pid = ref[0], text = DATA.passages[ref[1]], cs = chars(text);
      var hit = win && win.passage_id === pid && win.start !== null && win.end !== null && win.end <= cs.length;
      var box = el("div", { "class": "passage" + (hit ? " has-evidence" : ""), "data-passage-id": pid }, [el("span", { "class": "pid" }, [pid])]);
      if (hit) {
        box.appendChild(document.createTextNode(slice(cs, 0, win.start)));
        box.appendChild(el("mark", { "class": "evidence" }, [slice(cs, win.start, win.end)]));
        box.appendChild(document.createTextNode(slice(cs, win.end, cs.length)));
        if (slice(cs, win.start, win.end) !== win.text) box.appendChild(el("p", { "class": "note" }, ["the stored evidence text differs from the passage at these offsets: " + win.text]));
      } else { box.appendChild(document.createTextNode(text)); }
      wrap.appendChild(box);
    });
    return wrap;
  }

  renderHeader();
  renderCompare();
  renderHead();
  refresh();
  document.documentElement.setAttribute("data-ready", "1");
})();
