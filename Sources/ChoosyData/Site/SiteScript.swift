/// The docs site's one script: search over the embedded index, and "Try it", which renders
/// url_formats in the browser. Its `renderURL` is a step-for-step port of `URLRenderer`
/// (with `URLFormat` and `PlaceholderToken.scan`, which it relies on); docs/url.md is the
/// algorithm, and the browser tests check the two agree. It builds the page with DOM calls and
/// `textContent` only, never markup from strings.
enum SiteScript {
    static let source = #"""
        "use strict";
        // choosy-data docs. renderURL follows Sources/ChoosyData/Render/URLRenderer.swift.
        (function () {
          // PlaceholderToken.scan: tokens {start, end, name}, name only for a well-formed {{name}}.
          const isParameterName = (text) => /^[a-z][a-z0-9_]*$/.test(text);
          const isNameCharacter = (c) => /^[\p{Alphabetic}0-9_]$/u.test(c);

          function run(s, ch, from) {
            let n = 0;
            while (from + n < s.length && s[from + n] === ch) n++;
            return n;
          }

          function braced(s, start) {
            const opening = run(s, "{", start);
            const insideStart = start + opening;
            let insideEnd = insideStart;
            while (insideEnd < s.length && s[insideEnd] !== "{" && s[insideEnd] !== "}") insideEnd++;
            const closing = run(s, "}", insideEnd);
            if (closing === 0) {
              let nameEnd = insideStart;
              while (nameEnd < insideEnd && isNameCharacter(s[nameEnd])) nameEnd++;
              return { start, end: nameEnd, name: null };
            }
            const end = insideEnd + closing;
            if (opening !== closing) return { start, end, name: null };
            if (opening === 1 && start > 0 && s[start - 1] === "#") return { start: start - 1, end, name: null };
            if (opening !== 2) return { start, end, name: null };
            const inside = s.slice(insideStart, insideEnd).join("");
            return { start, end, name: isParameterName(inside) ? inside : null };
          }

          function strayClosing(s, index, previousEnd) {
            let start = index;
            while (start > previousEnd && isNameCharacter(s[start - 1])) start--;
            return { start, end: index + run(s, "}", index), name: null };
          }

          function delimited(s, start, closer, accepts) {
            const close = s.indexOf(closer, start + 1);
            if (close < 0) return null;
            return accepts(s.slice(start + 1, close).join("")) ? { start, end: close + 1, name: null } : null;
          }

          function scan(s, keys) {
            const tokens = [];
            let i = 0;
            while (i < s.length) {
              let token = null;
              switch (s[i]) {
                case "{": token = braced(s, i); break;
                case "}": token = strayClosing(s, i, tokens.length ? tokens[tokens.length - 1].end : 0); break;
                case "<": token = delimited(s, i, ">", isParameterName); break;
                case "|": token = delimited(s, i, "|", isParameterName); break;
                case "(": token = delimited(s, i, ")", (x) => keys.has(x)); break;
              }
              if (token) {
                tokens.push(token);
                i = token.end;
              } else {
                i++;
              }
            }
            return tokens;
          }

          // URLFormat: the cut at the first # and the first ? before it, outside placeholders.
          function cut(text, keys) {
            const s = Array.from(text);
            const tokens = scan(s, keys);
            const byStart = new Map(tokens.map((t) => [t.start, t]));
            function literals(delimiter, from, to) {
              const found = [];
              let i = from;
              while (i < to) {
                const token = byStart.get(i);
                if (token) { i = token.end; continue; }
                if (s[i] === delimiter) found.push(i);
                i++;
              }
              return found;
            }
            const fragmentMark = literals("#", 0, s.length)[0];
            const beforeFragment = fragmentMark === undefined ? s.length : fragmentMark;
            const queryMark = literals("?", 0, beforeFragment)[0];
            const components = [];
            if (queryMark !== undefined) {
              const ampersands = literals("&", queryMark + 1, beforeFragment);
              const starts = [queryMark + 1].concat(ampersands.map((a) => a + 1));
              const ends = ampersands.concat([beforeFragment]);
              starts.forEach((start, k) => {
                const end = ends[k];
                components.push({
                  start, end, equals: literals("=", start, end)[0],
                  names: tokens.filter((t) => t.start >= start && t.start < end && t.name !== null).map((t) => t.name),
                });
              });
            }
            return { s, tokens, byStart, fragmentMark, hierEnd: queryMark === undefined ? beforeFragment : queryMark, components };
          }

          const HEX = "0123456789ABCDEF";
          const encoder = new TextEncoder();
          function percentEncode(value) {
            let out = "";
            for (const b of encoder.encode(value)) {
              const unreserved = (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39)
                || b === 0x2d || b === 0x2e || b === 0x5f || b === 0x7e;
              out += unreserved ? String.fromCharCode(b) : "%" + HEX[b >> 4] + HEX[b & 15];
            }
            return out;
          }

          // URLRenderer.render: values is a Map from parameter key to value.
          function renderURL(text, values, keys) {
            const f = cut(text, keys);
            const whole = f.tokens.length === 1 && f.tokens[0].start === 0 && f.tokens[0].end === f.s.length;
            if (whole && f.tokens[0].name !== null) return { url: values.get(f.tokens[0].name) ?? "", dropped: [] };
            function fill(from, to) {
              let out = "";
              let i = from;
              while (i < to) {
                const token = f.byStart.get(i);
                if (token && token.end <= to) {
                  out += token.name !== null ? percentEncode(values.get(token.name) ?? "") : f.s.slice(token.start, token.end).join("");
                  i = token.end;
                } else {
                  out += f.s[i];
                  i++;
                }
              }
              return out;
            }
            let url = fill(0, f.hierEnd);
            const dropped = [];
            const kept = [];
            for (const c of f.components) {
              const text = fill(c.start, c.end);
              const value = c.equals === undefined ? text : fill(c.equals + 1, c.end);
              if (c.names.length === 0 || value !== "") {
                kept.push(text);
              } else {
                for (const name of c.names) if (!dropped.includes(name)) dropped.push(name);
              }
            }
            if (kept.length > 0) url += "?" + kept.join("&");
            if (f.fragmentMark !== undefined) url += "#" + fill(f.fragmentMark + 1, f.s.length);
            return { url, dropped };
          }

          function setUpTryIt() {
            const form = document.getElementById("try-it-form");
            if (!form) return;
            const inputs = Array.from(form.querySelectorAll("input[name]"));
            const keys = new Set(inputs.map((input) => input.name));
            const update = () => {
              const values = new Map(inputs.map((input) => [input.name, input.value]));
              for (const row of document.querySelectorAll("#try-it-results tr[data-format]")) {
                const rendering = renderURL(row.dataset.format, values, keys);
                row.querySelector("output code").textContent = rendering.url;
                row.querySelector(".dropped").textContent = rendering.dropped.join(", ");
              }
            };
            form.addEventListener("input", update);
            form.addEventListener("submit", (event) => event.preventDefault());
            update();
          }

          // Hits link only to the site's own pages, whatever the index holds.
          const PAGE = /^[a-z0-9_-]+\.html$/;

          function setUpSearch() {
            const data = document.getElementById("search-index");
            const input = document.getElementById("site-search");
            const list = document.getElementById("search-results");
            const status = document.getElementById("search-status");
            if (!data || !input || !list || !status) return;
            const entries = JSON.parse(data.textContent);
            const query = new URLSearchParams(window.location.search).get("q");
            if (query !== null) input.value = query;
            const update = () => {
              const words = input.value.toLowerCase().split(/\s+/).filter((word) => word.length > 0);
              list.replaceChildren();
              if (words.length === 0) {
                status.textContent = "Type in the search box above to search " + entries.length + " app types, actions, parameters and apps.";
                return;
              }
              const hits = entries.filter((entry) => {
                const text = (entry.name + " " + entry.key + " " + entry.kind + " " + entry.context).toLowerCase();
                return words.every((word) => text.includes(word));
              });
              for (const entry of hits) {
                if (!PAGE.test(entry.href)) continue;
                const item = document.createElement("li");
                const link = document.createElement("a");
                link.href = entry.href;
                link.textContent = entry.name;
                const kind = document.createElement("span");
                kind.className = "kind";
                kind.textContent = " " + entry.kind + (entry.context ? " · " + entry.context : "") + " · ";
                const key = document.createElement("code");
                key.textContent = entry.key;
                item.append(link, kind, key);
                list.append(item);
              }
              status.textContent = hits.length === 1 ? "1 result." : hits.length + " results.";
            };
            input.addEventListener("input", update);
            update();
          }

          document.addEventListener("DOMContentLoaded", () => {
            setUpTryIt();
            setUpSearch();
          });
        })();

        """#
}
