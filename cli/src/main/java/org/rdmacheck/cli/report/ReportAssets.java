package org.rdmacheck.cli.report;

/**
 * The index page's style sheet and script, inline so that the report needs nothing beyond its folder.
 * The script filters the summary and the loaded details, loads a model's details (its
 * {@code details/MODEL.js}) when a link to one of its findings, the model filter or a button asks,
 * and then scrolls to the finding the address names.
 */
final class ReportAssets {

    private ReportAssets() {
    }

    static final String CSS = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 24px 40px;color:#1b1f29}
            header{border-bottom:2px solid #1f3b73;margin-bottom:12px}
            h1{color:#1f3b73;margin:16px 0 4px} h2{color:#1f3b73;border-bottom:1px solid #ccd;padding-top:8px}
            h3{margin:18px 0 4px;font-size:16px} .bad{color:#c62828} [hidden]{display:none!important}
            table{border-collapse:collapse;max-width:100%} th,td{border:1px solid #d5d9e3;padding:3px 8px;vertical-align:top;
            overflow-wrap:anywhere} th{background:#eef1f8;text-align:left}
            .num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap} th,td.verdict{overflow-wrap:normal}
            tr.unexpected td{background:#fde2e2} tr.inconclusive td{background:#fff4d6}
            td.params,.params-inline{color:#4a5468;font-size:12px} td.params{max-width:30em} code.changed{background:#fff3c4}
            #summary-table td:last-child{white-space:nowrap}
            .filters{margin:8px 0} .filters select{margin-right:12px}
            article.finding{border-left:4px solid #3c8d40;padding:2px 12px;margin:10px 0;background:#fbfcfe}
            article.unexpected{border-left-color:#c62828} article.inconclusive{border-left-color:#f9a825}
            article.finding:target{outline:2px solid #1f3b73}
            .cex-body{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
            .chart{max-width:100%} .chart svg{max-width:100%;height:auto;display:block}
            svg.msc text{font:12px system-ui,sans-serif} svg.msc .note-text{font-size:11px}
            svg.msc .msg-label,svg.msc .loop-label,svg.msc .violation-label{paint-order:stroke;stroke:#fff;
            stroke-width:3px;stroke-linejoin:round}
            svg.msc .step-no{fill:#5b6475} table.steps{font-size:12px;max-width:760px}
            table.steps code{white-space:pre-wrap;overflow-wrap:anywhere} tr.violation-step td{background:#fde2e2}
            tr.loop-step td{background:#f3e5f5} table.thr{font-size:13px;margin:6px 0 12px}
            figure.plot{margin:16px 0} figure.plot img{max-width:100%;height:auto}
            figcaption{font-weight:600;margin-bottom:4px} .model-details .body:empty::after{content:"not loaded";
            color:#8a94a6;font-size:12px} section.model-details{margin-left:4px}
            """;

    static final String SCRIPT = """
            (function () {
              var model = document.getElementById('filter-model');
              var verdict = document.getElementById('filter-verdict');
              var outcome = document.getElementById('filter-outcome');
              var loaded = {}, waiting = {};
              function matches(el) {
                return (!model.value || el.dataset.model === model.value)
                  && (!verdict.value || el.dataset.verdict === verdict.value)
                  && (!outcome.value || el.dataset.outcome === outcome.value);
              }
              function apply() {
                var shown = 0;
                document.querySelectorAll('#summary-table tbody tr').forEach(function (tr) {
                  var ok = matches(tr);
                  tr.hidden = !ok;
                  if (ok) { shown++; }
                });
                document.querySelectorAll('article.finding').forEach(function (a) { a.hidden = !matches(a); });
                document.querySelectorAll('section.model-details').forEach(function (s) {
                  s.hidden = !!model.value && s.dataset.model !== model.value;
                });
                document.querySelectorAll('#knockout-table tbody tr').forEach(function (tr) {
                  tr.hidden = !!model.value && tr.dataset.model !== model.value;
                });
                document.getElementById('visible-count').textContent = String(shown);
                if (model.value) { load(model.value); }
              }
              function section(m) {
                return Array.prototype.find.call(document.querySelectorAll('section.model-details'),
                  function (s) { return s.dataset.model === m; });
              }
              function load(m, then) {
                if (loaded[m]) { if (then) { then(); } return; }
                var list = waiting[m] = waiting[m] || [];
                if (then) { list.push(then); }
                if (list.started) { return; }
                list.started = true;
                var sec = section(m);
                var s = document.createElement('script');
                s.src = sec.dataset.src;
                s.onerror = function () {
                  sec.querySelector('.body').textContent = 'cannot load ' + sec.dataset.src;
                };
                document.head.appendChild(s);
              }
              window.rdmacheckDetails = function (m, html) {
                section(m).querySelector('.body').innerHTML = html;
                loaded[m] = true;
                apply();
                (waiting[m] || []).forEach(function (f) { f(); });
                waiting[m] = [];
              };
              function show(hash) {
                var g = /^#f(\\d+)$/.exec(hash || '');
                if (!g) { return; }
                var row = document.getElementById('r' + g[1]);
                if (!row) { return; }
                load(row.dataset.model, function () {
                  var a = document.getElementById('f' + g[1]);
                  if (a.hidden) {
                    model.value = verdict.value = outcome.value = '';
                    apply();
                  }
                  a.scrollIntoView();
                });
              }
              [model, verdict, outcome].forEach(function (s) { s.addEventListener('change', apply); });
              document.querySelectorAll('a.pick-model').forEach(function (a) {
                a.addEventListener('click', function () { model.value = a.dataset.model; apply(); });
              });
              document.querySelectorAll('button.load').forEach(function (b) {
                b.addEventListener('click', function () { load(b.dataset.model); });
              });
              document.getElementById('load-all').addEventListener('click', function () {
                document.querySelectorAll('section.model-details').forEach(function (s) { load(s.dataset.model); });
              });
              document.addEventListener('click', function (e) {
                var a = e.target.closest && e.target.closest('a[href^="#f"]');
                if (a) { show(a.getAttribute('href')); }
              });
              window.addEventListener('hashchange', function () { show(location.hash); });
              apply();
              show(location.hash);
            })();
            """;
}
