import ChoosyCore
import ChoosyCatalog

/// The search part of the site's one script (`SiteScript` composes it): the header's box of
/// every page shows the best hits in a list box under it (the ARIA combobox pattern: arrows,
/// Enter, Escape), and `search.html` lists every hit of `?q=` or of what is typed. The index
/// is the last statement of `choosy.js` (`declaration(of:)`): a page may load no other script
/// and fetch nothing, and the index is loaded once for every page.
///
/// A word of the query ranks an entry (best first): 0 the name or key is the word; 1 the
/// name or key starts with it; 2 one of their words starts with it (`tweet` in "Write a
/// tweet", `profile` in `show_profile`); 3 the name or key contains it; 4 a URL scheme of the
/// app contains it (`mailto`, `googlechrome`); 5 the kind, app types or description contain
/// it (words of 3 characters or more, or 2 in a query of several words: `turn-by-turn`); 6 a
/// word of the name, the whole name without spaces, the key or a scheme is within 1 edit of
/// it (words of 4 to 7 characters: `wase`) or 2 edits (8 or more: `twiterrific`), a swap of
/// two neighbouring letters one edit (`gmial`). Every word must match; an entry ranks as its
/// worst word, or 0 when the query is its whole name; equal ranks keep the index's order. A
/// hit the search page lists by a scheme says which.
///
/// A word of a synonym group (`SearchSynonyms`) also matches as any other word of its group
/// would at ranks 0 to 2, ranking 2. A query of several words is also matched against each pair
/// of an app and an action it implements ("tweetbot post" → Tweetbot's "Write a tweet"), by
/// their names and keys only: every word must match the app or the action, at least one the
/// app and another the action, and neither all of them alone at the pair's rank or better; the pair ranks as its worst word and leads to the app's row of
/// the action page. Pairs come after the index's entries in its order. The words of a query are
/// marked in each hit's name. The script builds everything with DOM calls and `textContent`,
/// and links only to file names of the form `[a-z0-9_-]+.html`, with an optional `#fragment`
/// of the same letters.
enum SearchScript {
    static let source = #"""
        // Search: SearchScript.swift says how a query ranks the index's entries.
        (function () {
          // Hits link only to the site's own pages, whatever the index holds.
          const PAGE = /^[a-z0-9_-]+\.html(#[a-z0-9_-]+)?$/;
          // SearchSynonyms.groups.
          const SYNONYMS = \#(synonyms);
          // Hits the header's list box shows before its link to all of them.
          const SHOWN = 8;

          const wordsOf = (text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);

          // The edit distance of a and b, a swap of two neighbouring letters one edit (optimal
          // string alignment), or limit + 1 as soon as it must exceed limit.
          function editDistance(a, b, limit) {
            if (Math.abs(a.length - b.length) > limit) return limit + 1;
            let before = null;
            let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
            for (let i = 1; i <= a.length; i++) {
              const current = [i];
              let smallest = i;
              for (let j = 1; j <= b.length; j++) {
                current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
                if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j], before[j - 2] + 1);
                smallest = Math.min(smallest, current[j]);
              }
              if (smallest > limit) return limit + 1;
              before = previous;
              previous = current;
            }
            return previous[b.length];
          }

          // An entry with the lowercased texts a word is matched against.
          function prepare(entry) {
            const name = entry.name.toLowerCase();
            const key = entry.key.toLowerCase();
            const schemes = entry.schemes ?? [];
            const nameWords = wordsOf(entry.name);
            return {
              entry, name, key, schemes,
              words: nameWords.concat(key.split("_")),
              other: (entry.kind + " " + entry.context + " " + (entry.description ?? "")).toLowerCase(),
              near: nameWords.concat([nameWords.join(""), key], schemes),
            };
          }

          // A word of the query with the other words of its synonym groups.
          function queryWord(word) {
            const others = new Set();
            for (const group of SYNONYMS) {
              if (!group.some((member) => member === word || (member.length >= 5 && word.startsWith(member)))) continue;
              for (const member of group) if (member !== word) others.add(member);
            }
            return { word, synonyms: Array.from(others) };
          }

          // The rank of item for a query word, its synonyms ranking 2 where they match at 0 to 2.
          function rankWithSynonyms(item, query, shortest) {
            const direct = rank(item, query.word, shortest);
            if (direct !== null && direct <= 2) return direct;
            const synonym = query.synonyms.some((word) => nameRank(item, word) !== null);
            return synonym ? 2 : direct;
          }

          // Ranks 0 to 2 of rank, or null.
          function nameRank(item, word) {
            if (item.name === word || item.key === word) return 0;
            if (item.name.startsWith(word) || item.key.startsWith(word)) return 1;
            if (item.words.some((w) => w.startsWith(word))) return 2;
            return null;
          }

          // The rank of item for one word of a query, or null when it does not match;
          // shortest is the fewest characters a word needs to be found in the other texts.
          function rank(item, word, shortest) {
            const named = nameRank(item, word);
            if (named !== null) return named;
            if (item.name.includes(word) || item.key.includes(word)) return 3;
            if (item.schemes.some((scheme) => scheme.includes(word))) return 4;
            if (word.length >= shortest && item.other.includes(word)) return 5;
            if (word.length >= 4) {
              const limit = word.length >= 8 ? 2 : 1;
              if (item.near.some((text) => editDistance(text, word, limit) <= limit)) return 6;
            }
            return null;
          }

          // Every app and action it implements, as a hit shows it: "Tweetbot: Write a tweet".
          function pairsOf(items) {
            const pairs = [];
            for (const app of items) {
              for (const position of app.entry.actions ?? []) {
                const action = items[position];
                if (action === undefined || action.entry.kind !== "action") continue;
                pairs.push({ app, action, entry: {
                  kind: "app action", name: (app.entry.label ?? app.entry.name) + ": " + (action.entry.label ?? action.entry.name),
                  key: app.entry.key + " " + action.entry.key, context: action.entry.context, href: action.entry.href + "#app-" + app.entry.key,
                } });
              }
            }
            return pairs;
          }

          // The worst rank of a pair's words, or null unless every word matches the app or the
          // action, one the app and another the action, and neither matches every word alone
          // as well (then it is the hit, and its pairs would only repeat it). appRanks and
          // actionRanks are the app's and the action's rank for each word.
          function rankPair(appRanks, actionRanks) {
            const byApp = [];
            const byAction = [];
            let worst = 0;
            let appAlone = 0;
            let actionAlone = 0;
            for (let index = 0; index < appRanks.length; index++) {
              const app = appRanks[index];
              const action = actionRanks[index];
              if (app === null && action === null) return null;
              if (app !== null) byApp.push(index);
              if (action !== null) byAction.push(index);
              worst = Math.max(worst, Math.min(app ?? Infinity, action ?? Infinity));
              appAlone = Math.max(appAlone, app ?? Infinity);
              actionAlone = Math.max(actionAlone, action ?? Infinity);
            }
            if (appAlone <= worst || actionAlone <= worst) return null;
            return byApp.some((i) => byAction.some((j) => j !== i)) ? worst : null;
          }

          // The entries query finds, best first, each with the scheme a word was found in
          // (null when none was).
          function search(index, query) {
            const words = wordsOf(query);
            const queries = words.map(queryWord);
            const whole = query.trim().toLowerCase();
            const shortest = words.length > 1 ? 2 : 3;
            const hits = [];
            if (words.length === 0) return hits;
            index.items.forEach((item, order) => {
              let worst = 0;
              let scheme = null;
              if (item.name !== whole) {
                for (const query of queries) {
                  const found = rankWithSynonyms(item, query, shortest);
                  if (found === null) return;
                  if (found === 4) scheme ??= item.schemes.find((text) => text.includes(query.word));
                  worst = Math.max(worst, found);
                }
              }
              if (PAGE.test(item.entry.href)) hits.push({ entry: item.entry, scheme, order, rank: worst });
            });
            if (words.length > 1) {
              // Each app and action is in many pairs: its ranks are worked out once.
              const ranks = new Map();
              const ranksOf = (item) => {
                if (!ranks.has(item)) ranks.set(item, queries.map((query) => rankWithSynonyms(item, query, Infinity)));
                return ranks.get(item);
              };
              index.pairs().forEach((pair, order) => {
                const found = rankPair(ranksOf(pair.app), ranksOf(pair.action));
                if (found !== null && PAGE.test(pair.entry.href)) hits.push({ entry: pair.entry, scheme: null, order: index.items.length + order, rank: found });
              });
            }
            hits.sort((a, b) => a.rank - b.rank || a.order - b.order);
            return hits;
          }

          // text as nodes, each stretch that is a word of query in a <mark>.
          function marked(text, query) {
            // Letters and digits only (wordsOf), so no word holds a character a pattern reads.
            const words = wordsOf(query);
            if (words.length === 0) return [text];
            const nodes = [];
            let end = 0;
            for (const match of text.matchAll(new RegExp(words.join("|"), "giu"))) {
              if (match.index > end) nodes.push(text.slice(end, match.index));
              const mark = document.createElement("mark");
              mark.textContent = match[0];
              nodes.push(mark);
              end = match.index + match[0].length;
            }
            if (end < text.length) nodes.push(text.slice(end));
            return nodes;
          }

          const where = (entry) => entry.kind + (entry.context ? " · " + entry.context : "");

          function span(className, text) {
            const element = document.createElement("span");
            element.className = className;
            element.textContent = text;
            return element;
          }

          // A hit of the search page, as SearchPage writes it, and the scheme it was found by;
          // the words of query marked in its name.
          function listItem({ entry, scheme }, query) {
            const item = document.createElement("li");
            const link = document.createElement("a");
            link.href = entry.href;
            link.append(...marked(entry.label ?? entry.name, query));
            const key = document.createElement("code");
            key.textContent = entry.key;
            item.append(link, span("kind", " " + where(entry) + " · "), key);
            if (scheme) item.append(span("kind", " · scheme: " + scheme + ":"));
            return item;
          }

          // search.html: every entry until a query is typed or given as ?q=, then its hits.
          function setUpSearchPage(input, list, status, index) {
            const everything = status.textContent;
            const query = new URLSearchParams(window.location.search).get("q");
            if (query !== null) input.value = query;
            const update = () => {
              const empty = input.value.trim() === "";
              const hits = empty ? index().items.filter((item) => PAGE.test(item.entry.href)) : search(index(), input.value);
              list.replaceChildren(...hits.map((hit) => listItem(hit, input.value)));
              status.textContent = empty ? everything : hits.length === 1 ? "1 result." : hits.length + " results.";
            };
            input.addEventListener("input", update);
            input.form.addEventListener("submit", (event) => event.preventDefault());
            update();
          }

          // Every other page: the header's box as a combobox whose list box shows the best hits
          // and a last option leading to all of them on the search page.
          function setUpComboBox(input, index) {
            const list = document.createElement("ul");
            list.id = "site-search-options";
            list.className = "search-options";
            list.setAttribute("role", "listbox");
            list.setAttribute("aria-label", "Search results");
            list.hidden = true;
            const status = span("visually-hidden", "");
            status.setAttribute("aria-live", "polite");
            input.form.append(list, status);
            input.setAttribute("role", "combobox");
            input.setAttribute("aria-autocomplete", "list");
            input.setAttribute("aria-controls", list.id);
            input.setAttribute("aria-expanded", "false");
            let options = [];
            let active = -1;

            const open = (option) => { window.location.href = option.dataset.href; };
            function option(href, name, detail) {
              const item = document.createElement("li");
              item.setAttribute("role", "option");
              item.setAttribute("aria-selected", "false");
              item.dataset.href = href;
              const label = span("name", "");
              label.append(...marked(name, input.value));
              item.append(label, " ", span("kind", detail));
              // Keeps the focus in the box, which would close the list before the click.
              item.addEventListener("mousedown", (event) => event.preventDefault());
              item.addEventListener("click", () => open(item));
              return item;
            }
            function activate(index) {
              active = index;
              options.forEach((item, i) => item.setAttribute("aria-selected", i === index ? "true" : "false"));
              if (index < 0) return input.removeAttribute("aria-activedescendant");
              input.setAttribute("aria-activedescendant", options[index].id);
              options[index].scrollIntoView({ block: "nearest" });
            }
            function close() {
              activate(-1);
              list.hidden = true;
              input.setAttribute("aria-expanded", "false");
            }
            function update() {
              if (input.value.trim() === "") {
                options = [];
                list.replaceChildren();
                status.textContent = "";
                return close();
              }
              const hits = search(index(), input.value);
              const all = hits.length === 0 ? "No results" : hits.length === 1 ? "1 result" : "All " + hits.length + " results";
              options = hits.slice(0, SHOWN).map(({ entry }) => option(entry.href, entry.label ?? entry.name, where(entry)))
                .concat([option("search.html?q=" + encodeURIComponent(input.value), all, "on the search page")]);
              options.forEach((item, i) => { item.id = "site-search-option-" + i; });
              list.replaceChildren(...options);
              activate(-1);
              list.hidden = false;
              input.setAttribute("aria-expanded", "true");
              status.textContent = hits.length === 1 ? "1 result." : hits.length + " results.";
            }

            input.addEventListener("input", update);
            input.addEventListener("focus", () => { if (input.value.trim() !== "") update(); });
            input.addEventListener("blur", close);
            input.addEventListener("keydown", (event) => {
              if (event.key === "ArrowDown" || event.key === "ArrowUp") {
                if (list.hidden) update();
                if (options.length === 0) return;
                event.preventDefault();
                const step = event.key === "ArrowDown" ? 1 : -1;
                activate(active < 0 ? (step > 0 ? 0 : options.length - 1) : (active + step + options.length) % options.length);
              } else if (event.key === "Enter" && active >= 0) {
                event.preventDefault();
                open(options[active]);
              } else if (event.key === "Escape") {
                if (!list.hidden) {
                  event.preventDefault();
                  close();
                } else {
                  input.value = "";
                }
              }
            });
          }

          document.addEventListener("DOMContentLoaded", () => {
            const input = document.getElementById("site-search");
            if (!input || typeof choosySearchIndex === "undefined") return;
            // Prepared at the first keystroke, the pairs at the first query of several words:
            // most pages are read without a search.
            let prepared = null;
            const index = () => {
              if (prepared !== null) return prepared;
              const items = choosySearchIndex.map(prepare);
              let pairs = null;
              prepared = { items, pairs: () => pairs ?? (pairs = pairsOf(items)) };
              return prepared;
            };
            const list = document.getElementById("search-results");
            const status = document.getElementById("search-status");
            if (list && status) {
              setUpSearchPage(input, list, status, index);
            } else {
              setUpComboBox(input, index);
            }
            // "/" anywhere but in a field goes to the search box, as on most documentation sites.
            document.addEventListener("keydown", (event) => {
              if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
              const target = event.target;
              if (target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
              event.preventDefault();
              input.focus();
              input.select();
            });
          });
        })();

        """#

    /// The index as the script's last statement: JSON is a JavaScript expression, and a file of
    /// its own is no HTML, so no value can end it.
    /// `SearchSynonyms.groups` as the script's literal.
    private static let synonyms = JSONValue.array(SearchSynonyms.groups.map { .array($0.map(JSONValue.string)) }).compactText()

    static func declaration(of index: SearchIndex) -> String {
        "const choosySearchIndex = " + index.json.compactText() + ";\n"
    }
}
