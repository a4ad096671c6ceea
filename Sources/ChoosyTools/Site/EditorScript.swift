import ChoosyCore

/// The app editor's part of the site's script (`EditorPage`): the form, lint's findings about
/// the new app, and the type's file with the app added, written as `fmt` writes it. Its
/// scalars follow `YAMLWriter.string` and `JSONValue`'s strings; its messages are the rules'
/// own words, from the page's data. It runs inside the site script's closure, where `scan`
/// (placeholders) is defined; built with DOM calls and `textContent` only.
enum EditorScript {
    static let source = #"""
          // KeyGrammar.suggestedKey: lower case, runs of other characters as one "_", invisible
          // characters other than spaces dropped, a leading digit behind a "k".
          function suggestedKey(text) {
            let result = "";
            for (const c of text.toLowerCase()) {
              if (c !== " " && /[\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}]/u.test(c) && !/\s/u.test(c)) continue;
              result += /^[a-z0-9]$/.test(c) ? c : result.endsWith("_") ? "" : "_";
            }
            result = result.replace(/^_+|_+$/g, "");
            if (/^[0-9]/.test(result)) result = "k" + result;
            return result === "" ? "key" : result;
          }

          // JSONValue.writeString: only the escapes JSON requires.
          function jsonString(text) {
            const named = { "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };
            let out = "\"";
            for (const c of text) {
              const code = c.codePointAt(0);
              out += named[c] ?? (code <= 0x1f || code === 0x7f ? "\\u00" + code.toString(16).toUpperCase().padStart(2, "0") : c);
            }
            return out + "\"";
          }

          // YAMLScalarResolver: whether a plain scalar reads as this string in the core schema.
          function readsAsString(text) {
            if (["", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE"].includes(text)) return false;
            if (/^0o[0-7]+$/.test(text) || /^0x[0-9a-fA-F]+$/.test(text) || /^[-+]?[0-9]+$/.test(text)) return false;
            if (/^[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?$/.test(text)) return false;
            return !/^[-+]?\.(inf|Inf|INF)$/.test(text) && !/^\.(nan|NaN|NAN)$/.test(text);
          }

          // YAMLPlainScalar.allows: plain only when every YAML reader reads the same string.
          const YAML11_WORDS = new Set(["y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "<<", "="]);
          const YAML11_NUMBER_OR_DATE = /^[-+]?\.?[0-9][0-9a-fA-F_.:+\-xXoObBeE]*$|^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}/;
          const isPlainCharacter = (c) => {
            const code = c.codePointAt(0);
            if (code === 0x2028 || code === 0x2029 || code === 0xfeff) return false;
            return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;
          };
          function isPlainScalar(text) {
            const s = Array.from(text);
            if (s.length === 0 || s[0] === " " || s[s.length - 1] === " " || s[s.length - 1] === ":") return false;
            if (!s.every(isPlainCharacter)) return false;
            if ("-?:,[]{}#&*!|>'\"%@`".includes(s[0]) && !("-?:".includes(s[0]) && s.length > 1 && s[1] !== " ")) return false;
            if (text.startsWith("---") || text.startsWith("...") || text.includes(": ") || text.includes(" #")) return false;
            return !YAML11_WORDS.has(text) && !YAML11_NUMBER_OR_DATE.test(text) && readsAsString(text);
          }

          // YAMLScalarQuoting.doubleQuoted.
          function yamlDoubleQuoted(text) {
            const named = { "\"": "\\\"", "\\": "\\\\", "\0": "\\0", "\x07": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\v": "\\v",
              "\f": "\\f", "\r": "\\r", "\x1b": "\\e", "\x85": "\\N", "\u2028": "\\L", "\u2029": "\\P" };
            let out = "\"";
            for (const c of text) {
              const code = c.codePointAt(0);
              const hex = (digits) => code.toString(16).toUpperCase().padStart(digits, "0");
              out += named[c] ?? (code <= 0x1f || (code >= 0x7f && code <= 0x9f) ? "\\x" + hex(2)
                : code === 0xfeff || code === 0xfffe || code === 0xffff ? "\\u" + hex(4) : c);
            }
            return out + "\"";
          }

          const yamlString = (text) => (isPlainScalar(text) ? text : yamlDoubleQuoted(text));

          // A value as the page's data carries it (EditorPage.transported: {o: [[name, value]]},
          // {a: [...]}, {n: literal}, strings, booleans, null), written as fmt writes it.
          const isBlock = (value) => (value?.o ?? value?.a ?? []).length > 0;
          function scalarText(value, string) {
            if (typeof value === "string") return string(value);
            if (value === null) return "null";
            if (typeof value === "boolean") return String(value);
            return value.n ?? (value.o ? "{}" : "[]");
          }
          // YAMLWriter.writeCollection: entries at column indent, the first on the line begun
          // with "- " when continuing.
          function yamlCollection(value, indent, continuing) {
            const spaces = " ".repeat(indent);
            const entries = value.o ?? value.a;
            return entries.map((entry, index) => {
              const start = index > 0 || !continuing ? spaces : "";
              if (value.o) {
                const [name, member] = entry;
                return start + yamlString(name) + ":" + (isBlock(member) ? "\n" + yamlCollection(member, indent + 2, false) : " " + scalarText(member, yamlString) + "\n");
              }
              return start + "- " + (isBlock(entry) ? yamlCollection(entry, indent + 2, true) : scalarText(entry, yamlString) + "\n");
            }).join("");
          }
          // JSONValue.rendered: two spaces a level, one member or element a line.
          function jsonValue(value, depth) {
            if (!isBlock(value)) return scalarText(value, jsonString);
            const inner = "\n" + "  ".repeat(depth + 1);
            const entries = value.o
              ? value.o.map(([name, member]) => jsonString(name) + ": " + jsonValue(member, depth + 1))
              : value.a.map((element) => jsonValue(element, depth + 1));
            return (value.o ? "{" : "[") + inner + entries.join("," + inner) + "\n" + "  ".repeat(depth) + (value.o ? "}" : "]");
          }
          // An app with its members at column indent, on the line its place begins.
          const render = (value, language, indent) => (language === "yaml" ? yamlCollection(value, indent, true) : jsonValue(value, indent / 2 - 1));

          // The lines of before and after as a unified diff's hunks, as git diff writes them:
          // three lines of context, hunks whose context would touch joined. The lines the texts
          // share at either end are set aside before the longest common subsequence of the rest.
          function unifiedDiff(before, after) {
            const linesOf = (text) => (text === "" ? [] : (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n"));
            const a = linesOf(before), b = linesOf(after);
            let head = 0;
            while (head < a.length && head < b.length && a[head] === b[head]) head++;
            let tail = 0;
            while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
            const x = a.slice(head, a.length - tail), y = b.slice(head, b.length - tail);
            const lengths = Array.from({ length: x.length + 1 }, () => new Array(y.length + 1).fill(0));
            for (let i = x.length - 1; i >= 0; i--) {
              for (let j = y.length - 1; j >= 0; j--) lengths[i][j] = x[i] === y[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
            }
            // Every line of both texts: [mark, text, line in before, line in after], from 1.
            const ops = a.slice(0, head).map((line, k) => [" ", line, k + 1, k + 1]);
            let i = 0, j = 0;
            while (i < x.length || j < y.length) {
              if (i < x.length && j < y.length && x[i] === y[j]) { ops.push([" ", x[i], head + i + 1, head + j + 1]); i++; j++; }
              else if (i < x.length && (j === y.length || lengths[i + 1][j] >= lengths[i][j + 1])) { ops.push(["-", x[i], head + i + 1, head + j + 1]); i++; }
              else { ops.push(["+", y[j], head + i + 1, head + j + 1]); j++; }
            }
            a.slice(a.length - tail).forEach((line, k) => ops.push([" ", line, a.length - tail + k + 1, b.length - tail + k + 1]));
            const changed = ops.flatMap((op, index) => (op[0] === " " ? [] : [index]));
            const context = 3;
            const hunks = [];
            for (const index of changed) {
              const last = hunks[hunks.length - 1];
              if (last && index - context <= last.end + context) last.end = index;
              else hunks.push({ start: index, end: index });
            }
            const range = (from, count) => (count === 1 ? String(from) : count === 0 ? (from - 1) + ",0" : from + "," + count);
            return hunks.map(({ start, end }) => {
              const lines = ops.slice(Math.max(0, start - context), Math.min(ops.length, end + context + 1));
              const oldLines = lines.filter((op) => op[0] !== "+"), newLines = lines.filter((op) => op[0] !== "-");
              const oldStart = lines[0][2], newStart = lines[0][3];
              return "@@ -" + range(oldStart, oldLines.length) + " +" + range(newStart, newLines.length) + " @@\n"
                + lines.map((op) => op[0] + op[1]).join("\n") + "\n";
            }).join("");
          }

          // Suggestion.distance: Levenshtein's, an adjacent swap one edit, ignoring case.
          function editDistance(a, b) {
            let before = [], previous = Array.from({ length: b.length + 1 }, (_, j) => j);
            for (let i = 1; i <= a.length; i++) {
              const current = [i];
              for (let j = 1; j <= b.length; j++) {
                let cell = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
                if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cell = Math.min(cell, before[j - 2] + 1);
                current.push(cell);
              }
              [before, previous] = [previous, current];
            }
            return previous[b.length];
          }

          // Suggestion.Candidates.closest: the nearest within a few edits (the first in sorted
          // order of equally near ones), else the one candidate the word begins.
          function closest(word, candidates) {
            const sorted = [...candidates].sort();
            const lowered = Array.from(word.toLowerCase());
            if (lowered.length <= 64) {
              const limit = Math.max(1, Math.min(3, Math.floor(lowered.length / 3)));
              let best = null;
              for (const text of sorted) {
                const distance = editDistance(Array.from(text.toLowerCase()), lowered);
                if (distance <= limit && (best === null || distance < best.distance)) best = { text, distance };
              }
              if (best !== null) return best.text;
            }
            const prefix = word.toLowerCase();
            if (Array.from(prefix).length < 3) return null;
            const byLowercased = sorted.map((text) => [text.toLowerCase(), text]).sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
            const low = byLowercased.findIndex(([lowercased]) => lowercased >= prefix);
            if (low < 0 || !byLowercased[low][0].startsWith(prefix) || byLowercased[low][0] === prefix) return null;
            return low + 1 === byLowercased.length || !byLowercased[low + 1][0].startsWith(prefix) ? byLowercased[low][1] : null;
          }

          // String.withInvisibleCharactersEscaped: what a finding's message and hint show of
          // the catalog's invisible characters (Unicode.Scalar.isInvisible).
          const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}]/u;
          function withInvisibleEscaped(text) {
            return Array.from(text, (c) => {
              if (c === " " || !INVISIBLE.test(c)) return c;
              const named = { "\t": "\\t", "\n": "\\n", "\r": "\\r" }[c];
              const code = c.codePointAt(0);
              return named ?? (code > 0xffff ? "\\U" + code.toString(16).toUpperCase().padStart(8, "0") : "\\u" + code.toString(16).toUpperCase().padStart(4, "0"));
            }).join("");
          }

          // String.excerpt, by code points.
          function excerpt(text, length) {
            const characters = Array.from(text);
            return characters.length > length ? characters.slice(0, length).join("") + "…" : text;
          }

          // URISyntax.firstViolation: where a url_format first stops being an absolute URI, each
          // placeholder standing for a value valid where it stands, and what each platform's
          // system makes of it; [message, hint] in `words` (the page's messages), or null.
          function uriViolation(format, keys, words, say) {
            const s = Array.from(format);
            const tokens = scan(s, keys);
            if (tokens.length === 1 && tokens[0].start === 0 && tokens[0].end === s.length) return null;
            const byStart = new Map(tokens.map((token) => [token.start, token]));
            // URLFormat.forEachLiteral: body is given each index outside placeholders and returns
            // the next one, or null to stop.
            const forEachLiteral = (from, to, body) => {
              for (let i = from; i < to;) {
                const token = byStart.get(i);
                if (token) { i = token.end; continue; }
                const next = body(i);
                if (next === null) return;
                i = next;
              }
            };
            const firstLiteral = (character, from, to) => {
              let found = null;
              forEachLiteral(from, to, (i) => { if (s[i] !== character) return i + 1; found = i; return null; });
              return found;
            };
            // URLFormat's cut: the delimiters outside placeholders.
            const marks = [];
            forEachLiteral(0, s.length, (i) => { if ("#?:/&=".includes(s[i])) marks.push(i); return i + 1; });
            const fragmentMark = marks.find((i) => s[i] === "#");
            const beforeFragment = fragmentMark ?? s.length;
            const queryMark = marks.find((i) => s[i] === "?" && i < beforeFragment);
            const firstMark = marks.find((i) => s[i] !== "&" && s[i] !== "=");
            const schemeEnd = firstMark !== undefined && s[firstMark] === ":" ? firstMark : undefined;

            const isAlpha = (c) => /^[A-Za-z]$/.test(c), isDigit = (c) => /^[0-9]$/.test(c), isHexDigit = (c) => /^[0-9A-Fa-f]$/.test(c);
            const isSchemeCharacter = (c) => /^[A-Za-z0-9+.-]$/.test(c);
            const isUnreservedOrSubDelimiter = (c) => /^[A-Za-z0-9._~!$&'()*+,;=-]$/.test(c);
            const isPathCharacter = (c) => isUnreservedOrSubDelimiter(c) || c === ":" || c === "@";
            const isQueryCharacter = (c) => isPathCharacter(c) || c === "/" || c === "?";
            const notAllowed = (c, part, hint) => [say(words.uriNotAllowed, c === " " ? words.uriSpace : say(words.uriShown, c), part),
              hint ?? say(words.uriPercentEncode, Array.from(encoder.encode(c), (b) => "%" + HEX[b >> 4] + HEX[b & 15]).join(""))];
            function check(from, to, part, allows, { percent = true, hint = null } = {}) {
              let found = null;
              forEachLiteral(from, to, (i) => {
                if (s[i] === "%" && percent) {
                  if (i + 2 < to && isHexDigit(s[i + 1]) && isHexDigit(s[i + 2]) && !byStart.has(i + 1) && !byStart.has(i + 2)) return i + 3;
                  found = [say(words.uriStrayPercent, part), words.uriStrayPercentHint];
                  return null;
                }
                if (allows(s[i])) return i + 1;
                found = notAllowed(s[i], part, hint);
                return null;
              });
              return found;
            }
            function checkAuthority(start, end) {
              let hostStart = start;
              const at = firstLiteral("@", start, end);
              if (at !== null) {
                const violation = check(start, at, "user info", (c) => isUnreservedOrSubDelimiter(c) || c === ":");
                if (violation) return violation;
                hostStart = at + 1;
              }
              let hostEnd = firstLiteral(":", hostStart, end) ?? end;
              if (hostStart < end && s[hostStart] === "[") {
                const close = firstLiteral("]", hostStart, end);
                if (close === null) return [words.uriUnclosedIPLiteral, words.uriUnclosedIPLiteralHint];
                const violation = check(hostStart + 1, close, "IP literal", (c) => isUnreservedOrSubDelimiter(c) || c === ":", { percent: false });
                if (violation) return violation;
                hostEnd = close + 1;
                if (hostEnd < end && s[hostEnd] !== ":") return notAllowed(s[hostEnd], "host");
              } else {
                const violation = check(hostStart, hostEnd, "host", isUnreservedOrSubDelimiter);
                if (violation) return violation;
              }
              return hostEnd < end ? check(hostEnd + 1, end, "port", isDigit, { percent: false, hint: words.uriPortHint }) : null;
            }
            function grammarViolation() {
              if (schemeEnd === undefined) return [words.uriNoScheme, words.uriNoSchemeHint];
              if (schemeEnd === 0) return [words.uriEmptyScheme, words.uriEmptySchemeHint];
              if (!byStart.has(0) && !isAlpha(s[0])) return [say(words.uriSchemeStart, s[0]), words.uriSchemeHint];
              const scheme = check(0, schemeEnd, "scheme", isSchemeCharacter, { percent: false, hint: words.uriSchemeHint });
              if (scheme) return scheme;
              const hierEnd = queryMark ?? beforeFragment;
              let pathStart = schemeEnd + 1;
              if (hierEnd - pathStart >= 2 && s[pathStart] === "/" && s[pathStart + 1] === "/") {
                const authorityEnd = firstLiteral("/", pathStart + 2, hierEnd) ?? hierEnd;
                const authority = checkAuthority(pathStart + 2, authorityEnd);
                if (authority) return authority;
                pathStart = authorityEnd;
              }
              return check(pathStart, hierEnd, "path", (c) => isPathCharacter(c) || c === "/")
                ?? (queryMark === undefined ? null : check(queryMark + 1, beforeFragment, "query", isQueryCharacter))
                ?? (fragmentMark === undefined ? null : check(fragmentMark + 1, s.length, "fragment", isQueryCharacter));
            }
            const violation = grammarViolation();
            if (violation === null) return null;
            // URISyntax.consequence: the format with its placeholders empty, as each platform's
            // system takes it.
            const text = s.filter((_, i) => !tokens.some((token) => i >= token.start && i < token.end)).join("");
            const effects = Object.keys(PLATFORMS).map((platform) => [platform, platform === "ios16" ? parseBeforeIOS17(text) : parseFromIOS17(text)]);
            const sentences = effects.filter(([, result]) => result.noURL !== undefined || result.reason !== undefined)
              .map(([platform, result]) => say(result.noURL !== undefined ? words.uriNoURL : words.uriEncodes, PLATFORMS[platform].whereItHolds));
            const consequence = effects.every(([, result]) => result.noURL !== undefined) ? words.uriNoURLOnAnyPlatform
              : sentences.length === 0 ? "" : ": " + sentences.join("; ");
            return [violation[0] + consequence, violation[1]];
          }

          // fnmatch(3) without flags, as IgnoreEntry.covers matches a glob path: "*" and "?" match
          // any characters ("/" too), "[…]" one of a class ("!" first negates it), "\" quotes.
          function globMatches(glob, path) {
            const g = Array.from(glob), quoted = (c) => c.replace(/[\\^$.*+?()[\]{}|\/]/g, "\\$&");
            let pattern = "";
            for (let i = 0; i < g.length; i++) {
              const close = g[i] === "[" ? g.indexOf("]", i + (g[i + 1] === "!" ? 3 : 2)) : -1;
              if (g[i] === "*" || g[i] === "?") pattern += g[i] === "*" ? "[^]*" : "[^]";
              else if (g[i] === "\\" && i + 1 < g.length) pattern += quoted(g[++i]);
              else if (close < 0) pattern += quoted(g[i]);
              else {
                const negated = g[i + 1] === "!";
                pattern += "[" + (negated ? "^" : "") + g.slice(i + (negated ? 2 : 1), close).map((c) => (c === "-" ? c : quoted(c))).join("") + "]";
                i = close;
              }
            }
            return new RegExp("^" + pattern + "$").test(path);
          }

          // The page's data, a message with its values filled in, and the form.
          function setUpEditor() {
            const dataElement = document.getElementById("editor-data");
            const form = document.getElementById("editor-form");
            if (!dataElement || !form) return;
            document.getElementById("editor-needs-script")?.remove();
            const data = JSON.parse(dataElement.textContent);
            const key = new RegExp(data.keyPattern);
            const say = (template, ...values) => values.reduce((text, value, index) => text.split("\u0001" + (index + 1)).join(value), template);
            const field = (name) => document.getElementById("editor-" + name);
            const typeSelect = field("type");
            const actionsBox = document.getElementById("editor-actions");
            const findingsList = document.getElementById("editor-findings");
            const output = document.getElementById("editor-output");
            let keyTyped = false;

            // "A new app type": its own fields, and a type made from them (newType).
            const NEW_TYPE = "new-type";
            const newTypeBox = document.getElementById("editor-new-type");
            const isNewType = () => typeSelect.value === NEW_TYPE || data.types.length === 0;
            const currentType = () => (isNewType() ? newType() : data.types.find((type) => type.key === typeSelect.value) ?? data.types[0]);

            // ClientProfile.matchingKey: the shipped client finds keys lower-cased, so lint merges
            // a type's keys so.
            const matchingKey = (text) => (data.lintClient === "shipped" && /[A-Z\u0080-\uffff]/.test(text) ? text.toLowerCase() : text);

            // The new type's parameters and actions, a row of inputs each; a key is suggested from
            // the name until one is typed.
            const ROWS = { parameters: { entity: "parameter", noun: "Parameter", members: ["name", "key", "description"] },
              "type-actions": { entity: "action", noun: "Action", members: ["name", "key"] } };
            let rowsMade = 0;
            function addRow(list) {
              const row = document.createElement("div");
              row.className = "editor-row";
              const number = rowsMade++;
              for (const name of ROWS[list].members) {
                const label = document.createElement("label");
                label.htmlFor = "editor-" + ROWS[list].entity + "-" + number + "-" + name;
                label.textContent = ROWS[list].noun + " " + name;
                const input = document.createElement("input");
                Object.assign(input, { type: "text", id: label.htmlFor, autocomplete: "off", spellcheck: name === "description" });
                input.setAttribute("autocapitalize", "off");
                input.dataset.member = name;
                if (name === "key") input.addEventListener("input", () => { input.dataset.typed = input.value === "" ? "" : "yes"; });
                row.append(label, input);
              }
              const remove = document.createElement("button");
              remove.type = "button";
              remove.textContent = "Remove this " + ROWS[list].entity;
              remove.addEventListener("click", () => { row.remove(); update(); });
              row.append(remove);
              document.getElementById("editor-" + list).append(row);
            }

            // Each key of the new type not typed, suggested from its name.
            function suggestNewTypeKeys() {
              const suggest = (keyInput, name) => { if (keyInput.dataset.typed !== "yes") keyInput.value = name === "" ? "" : suggestedKey(name); };
              suggest(field("type-key"), field("type-name").value);
              for (const row of newTypeBox.querySelectorAll(".editor-row")) {
                suggest(row.querySelector("input[data-member=key]"), row.querySelector("input[data-member=name]").value);
              }
            }

            // The new app type as its fields say, in the shape of the data's types: the rows
            // written to the file (those with something filled in), the first of each key as the
            // merged type declares it, in a new file named after its key in the layer's folder.
            function newType() {
              const rows = (list) => Array.from(document.querySelectorAll("#editor-" + list + " .editor-row"), (row) =>
                Object.fromEntries(Array.from(row.querySelectorAll("input"), (input) => [input.dataset.member, input.value])))
                .filter((row) => Object.values(row).some((value) => value !== ""));
              const parameters = rows("parameters"), actions = rows("type-actions");
              const firstOfEachKey = (entries) => entries.filter((entry, index) => entry.key !== ""
                && entries.findIndex((other) => matchingKey(other.key) === matchingKey(entry.key)) === index)
                .map((entry) => ({ key: matchingKey(entry.key), name: entry.name === "" ? entry.key : entry.name }));
              const typeKey = field("type-key").value, typeName = field("type-name").value;
              const baseName = key.test(typeKey) ? typeKey : typeKey !== "" || typeName !== "" ? suggestedKey(typeKey || typeName) : "new_type";
              const inDirectory = (directory) => (directory === "" || directory === "." ? "" : directory + "/") + baseName + "." + data.newType.language;
              const relativePath = inDirectory(data.newType.relativeDirectory);
              const declared = firstOfEachKey(parameters);
              return {
                key: typeKey, name: typeName, path: inDirectory(data.newType.directory), language: data.newType.language, text: "",
                parameters: declared, actions: firstOfEachKey(actions), rows: { parameters, actions },
                apps: [], fileApps: [], keptApps: [], isNewFile: true, isNewType: true, position: data.allTypes.length,
                fillOrder: declared.map((parameter) => parameter.key), typeIndex: 0, platform: data.newType.platform,
                ignoreEntries: data.newType.ignoreEntries.filter(([, , path, isGlob]) => path === null || (isGlob ? globMatches(path, relativePath) : path === relativePath))
                  .map(([rule, pointer]) => [rule, pointer]),
                // Why the page writes no file: the key is an existing type's (as the client finds
                // keys), or the file's name one the layer has.
                refusal: data.allTypes.some(([existing]) => matchingKey(existing) === matchingKey(typeKey))
                  ? "The catalog has an app type with the key " + typeKey + ": choose it in the list to add the app to it."
                  : data.newType.files.includes(inDirectory(data.newType.directory))
                  ? "The layer has a file named " + inDirectory(data.newType.directory) + ": give the new type another key." : null,
              };
            }

            // The url_format inputs again when the new type's actions or parameters change, each
            // action's values kept (by key, else by place, so renaming an action keeps them).
            let newTypeShown = "";
            function showNewTypeActions(type) {
              const shown = JSON.stringify([type.actions, type.parameters]);
              if (shown === newTypeShown) return;
              newTypeShown = shown;
              const before = Array.from(actionsBox.querySelectorAll("input[data-action]"), (input) => ({
                key: input.dataset.action, format: input.value, examples: examples(input.dataset.action, { all: true }),
              }));
              showActions();
              type.actions.forEach((action, index) => {
                const kept = before.find((entry) => entry.key === action.key)
                  ?? (before[index] && !type.actions.some((other) => other.key === before[index].key) ? before[index] : null);
                if (!kept) return;
                field("format-" + action.key).value = kept.format;
                showExamples(action.key, kept.examples);
              });
            }

            // The new type's file: the type's members in fmt's order, its parameters and actions,
            // and the app (none while it is empty).
            function newTypeFile(type) {
              const entry = (row, order) => ({ o: order.filter((name) => (row[name] ?? "") !== "").map((name) => [name, row[name]]) });
              let members = [];
              for (const [name, value] of [["name", type.name === "" ? null : type.name], ["key", type.key === "" ? null : type.key],
                ["parameters", { a: type.rows.parameters.map((row) => entry(row, data.order.parameter)) }],
                ["actions", { a: type.rows.actions.map((row) => entry(row, data.order.action)) }],
                ["apps", { a: isEmptyApp() ? [] : [app()] }]]) {
                members = withMember(members, name, value, data.order.appType);
              }
              const file = { a: [{ o: members }] };
              return type.language === "yaml" ? yamlCollection(file, 0, false) : jsonValue(file, 0) + "\n";
            }

            // One labelled url_format input per action of the type, with its parameters as
            // buttons that insert {{key}} where the cursor is.
            function showActions() {
              const type = currentType();
              actionsBox.replaceChildren();
              for (const action of type.actions) {
                const box = document.createElement("div");
                box.className = "editor-action";
                const label = document.createElement("label");
                label.htmlFor = "editor-format-" + action.key;
                label.textContent = "url_format of " + action.name + " (" + action.key + ")";
                const input = document.createElement("input");
                Object.assign(input, { type: "text", id: "editor-format-" + action.key, name: "format-" + action.key, autocomplete: "off", spellcheck: false });
                input.setAttribute("autocapitalize", "off");
                input.dataset.action = action.key;
                const chips = document.createElement("p");
                chips.className = "editor-chips";
                for (const parameter of type.parameters) {
                  const chip = document.createElement("button");
                  chip.type = "button";
                  chip.textContent = "{{" + parameter.key + "}}";
                  chip.title = parameter.name;
                  chip.addEventListener("click", () => {
                    const at = input.selectionStart ?? input.value.length;
                    input.value = input.value.slice(0, at) + chip.textContent + input.value.slice(input.selectionEnd ?? at);
                    input.focus();
                    update();
                  });
                  chips.append(chip);
                }
                const preview = document.createElement("p");
                preview.className = "editor-preview";
                preview.dataset.action = action.key;
                const examplesBox = document.createElement("div");
                examplesBox.className = "editor-examples";
                examplesBox.dataset.action = action.key;
                const more = document.createElement("button");
                more.type = "button";
                more.textContent = "Add an example";
                more.addEventListener("click", () => { addExample(examplesBox).open = true; update(); });
                box.append(label, input, chips, preview, examplesBox, more);
                actionsBox.append(box);
                addExample(examplesBox);
              }
            }

            // An example of the action of `examplesBox`: a value for each parameter the url_format
            // uses, and the URL the app documents for them. The first's inputs are named
            // example-ACTION, the next ones example1-ACTION and on (as its findings' fields).
            function addExample(examplesBox) {
              const index = examplesBox.querySelectorAll(".editor-example").length;
              const name = "example" + (index === 0 ? "" : index) + "-" + examplesBox.dataset.action;
              const example = document.createElement("details");
              example.className = "editor-example";
              const summary = document.createElement("summary");
              summary.textContent = index === 0 ? "Example" : "Example " + (index + 1);
              const values = document.createElement("div");
              values.className = "editor-example-values";
              values.dataset.action = examplesBox.dataset.action;
              values.dataset.name = name;
              const urlLabel = document.createElement("label");
              urlLabel.htmlFor = "editor-" + name;
              urlLabel.textContent = "The URL the app documents for these values";
              const url = document.createElement("input");
              Object.assign(url, { type: "text", id: "editor-" + name, name, autocomplete: "off", spellcheck: false });
              url.dataset.exampleAction = examplesBox.dataset.action;
              example.append(summary, values, urlLabel, url);
              examplesBox.append(example);
              return example;
            }

            // The examples of `action` made again from `given` ({values, url, given}: the values,
            // the URL, and the parameters the example names that the url_format may not use),
            // one empty when there is none.
            function showExamples(action, given) {
              const examplesBox = actionsBox.querySelector(".editor-examples[data-action=\"" + CSS.escape(action) + "\"]");
              examplesBox.replaceChildren();
              const blocks = (given.length === 0 ? [{ values: [], url: "", given: [] }] : given).map((example) => {
                const block = addExample(examplesBox);
                block.querySelector("input[data-example-action]").value = example.url;
                block.querySelector(".editor-example-values").dataset.given = JSON.stringify(example.given);
                return [block, new Map(example.values)];
              });
              showExampleInputs(currentType());
              for (const [block, values] of blocks) {
                for (const input of block.querySelectorAll(".editor-example-values input")) input.value = values.get(input.dataset.parameter) ?? "";
              }
            }

            // One labelled input for each parameter an example names (in its order) and each declared
            // parameter the url_format of its action uses, made again only when that list changes
            // (so typing in them keeps their focus), values kept.
            function showExampleInputs(type) {
              const declared = new Set(type.parameters.map((parameter) => parameter.key));
              for (const box of actionsBox.querySelectorAll(".editor-example-values")) {
                const format = field("format-" + box.dataset.action).value;
                // The parameters the example names are shown too, so none is lost.
                const used = [...new Set(JSON.parse(box.dataset.given ?? "[]")
                  .concat(scan(Array.from(format), declared).map((token) => token.name).filter((name) => name !== null && declared.has(name))))];
                const shown = Array.from(box.querySelectorAll("input"), (input) => input.dataset.parameter);
                if (used.join(" ") === shown.join(" ")) continue;
                const kept = new Map(Array.from(box.querySelectorAll("input"), (input) => [input.dataset.parameter, input.value]));
                box.replaceChildren(...used.flatMap((key) => {
                  const label = document.createElement("label");
                  label.htmlFor = "editor-" + box.dataset.name + "-" + key;
                  label.textContent = "{{" + key + "}}";
                  const input = document.createElement("input");
                  Object.assign(input, { type: "text", id: label.htmlFor, autocomplete: "off", spellcheck: false, value: kept.get(key) ?? "" });
                  input.dataset.parameter = key;
                  return [label, input];
                }));
              }
            }

            // The examples of an action as the form says: each one's parameters (those given a
            // value), its url, and the parameters it names that are not used; those left empty
            // only when `all`.
            function examples(action, { all = false } = {}) {
              const blocks = actionsBox.querySelectorAll(".editor-examples[data-action=\"" + CSS.escape(action) + "\"] .editor-example");
              return Array.from(blocks, (block) => {
                const url = block.querySelector("input[data-example-action]").value;
                const values = Array.from(block.querySelectorAll(".editor-example-values input"))
                  .filter((input) => input.value !== "").map((input) => [input.dataset.parameter, input.value]);
                return { values, url, given: JSON.parse(block.querySelector(".editor-example-values").dataset.given ?? "[]") };
              }).filter((example) => all || example.url !== "" || example.values.length > 0);
            }

            // The examples of an action that the file gets: those with a url.
            const writtenExamples = (action) => examples(action).filter((example) => example.url !== "");

            // The app of the file being edited, or null for a new app.
            const appSelect = field("app");
            const editedApp = () => currentType().fileApps.find((app) => app.key === appSelect.value) ?? null;

            // The member `name` of an object value ({o: ...}), if it has one.
            const member = (object, name) => object?.o?.find(([key]) => key === name)?.[1];

            // `members` with `name` set to `value` (a member left empty is removed), a new member
            // put where fmt orders it among those `order` knows.
            function withMember(members, name, value, order) {
              const index = members.findIndex(([member]) => member === name);
              if (value === null) return index < 0 ? members : members.filter((_, k) => k !== index);
              if (index >= 0) return members.map((member, k) => (k === index ? [name, value] : member));
              const rank = (member) => { const r = order.indexOf(member); return r < 0 ? order.length : r; };
              const at = members.findIndex(([member]) => rank(member) > rank(name));
              return at < 0 ? members.concat([[name, value]]) : members.slice(0, at).concat([[name, value]], members.slice(at));
            }

            // The app as the form says: the app edited, its other members (examples, members the
            // form does not know) kept, or a new app; members in fmt's order.
            function app() {
              const edited = editedApp();
              let members = edited ? edited.value.o : [];
              for (const name of ["name", "key", "app_url_scheme", "source"]) {
                members = withMember(members, name, field(name).value === "" ? null : field(name).value, data.order.app);
              }
              let actions = member({ o: members }, "actions")?.a ?? [];
              for (const input of actionsBox.querySelectorAll("input[data-action]")) {
                const index = actions.findIndex((action) => member(action, "key") === input.dataset.action);
                const written = writtenExamples(input.dataset.action).map((given) => ({ o: data.order.example.flatMap((name) =>
                  name === "parameters" ? [["parameters", { o: given.values }]] : name === "url" ? [["url", given.url]] : []) }));
                const withExample = (members) => withMember(members, "examples", written.length === 0 ? null : { a: written }, data.order.appAction);
                if (index >= 0) {
                  actions = input.value === "" ? actions.filter((_, k) => k !== index)
                    : actions.map((action, k) => (k === index ? { o: withExample(withMember(action.o, "url_format", input.value, data.order.appAction)) } : action));
                } else if (input.value !== "") {
                  actions = actions.concat([{ o: withExample([["key", input.dataset.action], ["url_format", input.value]]) }]);
                }
              }
              return { o: withMember(members, "actions", { a: actions }, data.order.app) };
            }

            // Whether the form can edit `app` and write it back losing nothing: its text is as fmt
            // writes it, and each field the form shows is a string (or absent) in it.
            function isEditable(app) {
              const isText = (value) => value === undefined || typeof value === "string";
              const actions = member(app.value, "actions");
              // Examples of a url and parameters of strings, each written: the form writes them so.
              const isExample = (example) => example.o !== undefined && example.o.every(([name]) => name === "url" || name === "parameters")
                && typeof member(example, "url") === "string" && member(example, "parameters")?.o !== undefined
                && member(example, "parameters").o.every(([, value]) => typeof value === "string" && value !== "");
              return app.canonical && ["name", "key", "app_url_scheme", "source"].every((name) => isText(member(app.value, name)))
                && (actions === undefined || (actions.a !== undefined && actions.a.every((action) =>
                  action.o !== undefined && typeof member(action, "key") === "string" && isText(member(action, "url_format"))
                  && (member(action, "examples") === undefined || (member(action, "examples").a ?? [{}]).every(isExample)))));
            }

            // The apps of the type's file to start from, those the form cannot edit disabled.
            function showApps() {
              const type = currentType();
              const fresh = document.createElement("option");
              fresh.value = "";
              fresh.textContent = "A new app";
              appSelect.replaceChildren(fresh, ...type.fileApps.map((app) => {
                const option = document.createElement("option");
                option.value = app.key;
                option.disabled = !isEditable(app);
                option.textContent = app.key + (option.disabled ? " (edit the file: it has comments or values the form does not show)" : "");
                return option;
              }));
            }

            // The form filled from the app chosen, or emptied for a new one.
            function fillFromApp() {
              const edited = editedApp();
              for (const name of ["name", "key", "app_url_scheme", "source"]) field(name).value = member(edited?.value, name) ?? "";
              for (const input of actionsBox.querySelectorAll("input[data-action]")) {
                const action = member(edited?.value, "actions")?.a.find((action) => member(action, "key") === input.dataset.action);
                input.value = member(action, "url_format") ?? "";
                showExamples(input.dataset.action, (member(action, "examples")?.a ?? []).map((example) => {
                  const values = member(example, "parameters")?.o ?? [];
                  return { values, url: member(example, "url") ?? "", given: values.map(([name]) => name) };
                }));
              }
              keyTyped = edited !== null;
            }

            // URISyntax.schemeName: the scheme before the first ':', if it is one.
            const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
            const schemeName = (text) => {
              const colon = text.indexOf(":");
              return colon > 0 && SCHEME.test(text.slice(0, colon)) ? text.slice(0, colon) : null;
            };
            // URLSchemeMismatchRule.isSameScheme.
            const isSameScheme = (a, b) => a.toLowerCase() === b.toLowerCase()
              || data.sameAppSchemes.some((schemes) => schemes.includes(a.toLowerCase()) && schemes.includes(b.toLowerCase()));

            // NameWhitespaceRule, for the name in the form's field `fieldName`.
            function nameWhitespace(name, fieldName) {
              if (name === "" || !(/^\s/u.test(name) || /\s$/u.test(name))) return [];
              const trimmed = name.trim();
              return [trimmed === ""
                ? { rule: "name-whitespace", field: fieldName, message: data.messages.onlyWhiteSpace, hint: data.messages.onlyWhiteSpaceHint }
                : { rule: "name-whitespace", field: fieldName, message: say(data.messages.paddedName, name), hint: say(data.messages.paddedNameHint, trimmed) }];
            }

            // KeyFormatRule, for the key in the form's field `fieldName`.
            const keyFormat = (text, fieldName) => (text === "" || key.test(text) ? []
              : [{ rule: "key-format", field: fieldName, message: say(data.messages.keyFormat, text), hint: say(data.messages.keyFormatHint, suggestedKey(text)) }]);

            // What lint says of a new type itself: the schema's required members, key-format,
            // name-whitespace, empty-description and duplicate keys in its file, and, merged, the
            // parameters no url_format of its app uses and the actions the app leaves out.
            function newTypeFindings(type) {
              const found = [];
              const required = (entity, prefix, values) => {
                for (const [property, { message, hint }] of Object.entries(data.required[entity])) {
                  if ((values[property] ?? "") === "") found.push({ rule: "schema", field: prefix + property, message, hint });
                }
              };
              required("appType", "type-", type);
              found.push(...nameWhitespace(type.name, "type-name"), ...keyFormat(type.key, "type-key"));
              for (const [list, entity, duplicate] of [["parameters", "parameter", "duplicateParameter"], ["actions", "action", "duplicateAction"]]) {
                type.rows[list].forEach((row, index) => {
                  const prefix = entity + "-" + index + "-";
                  required(entity, prefix, row);
                  found.push(...nameWhitespace(row.name ?? "", prefix + "name"), ...keyFormat(row.key, prefix + "key"));
                  // DuplicateKeys: canonically equal keys are one, as Swift compares strings.
                  if (row.key !== "" && type.rows[list].slice(0, index).some((other) => other.key.normalize() === row.key.normalize())) {
                    found.push({ rule: "duplicate-" + entity, field: prefix + "key", message: say(data.messages[duplicate], excerpt(row.key, data.excerptLength), type.key === "" ? "?" : type.key), hint: data.messages.duplicateHint });
                  }
                  // EmptyDescriptionRule: a description of white space only.
                  if (entity === "parameter" && row.description !== "" && /^\p{White_Space}+$/u.test(row.description)) {
                    found.push({ rule: "empty-description", field: prefix + "description", message: say(data.messages.emptyDescription, row.key === "" ? "?" : row.key), hint: data.messages.emptyDescriptionHint });
                  }
                });
              }
              // UnusedParameterRule and UnimplementedActionRule, on the type as merged (a type with
              // no key is not merged), at each key's first row.
              if (type.key === "") return found;
              const written = isEmptyApp() ? [] : Array.from(actionsBox.querySelectorAll("input[data-action]")).filter((input) => input.value !== "");
              const used = new Set(written.flatMap((input) => scan(Array.from(input.value), new Set())
                .filter((token) => token.form === "valid" || token.form === "invalidName").map((token) => token.inside)));
              const implemented = new Set(written.map((input) => input.dataset.action));
              const firstRow = (list, rowKey) => type.rows[list].findIndex((row) => matchingKey(row.key) === rowKey);
              for (const parameter of type.parameters.filter((parameter) => !used.has(parameter.key))) {
                found.push({ rule: "unused-parameter", field: "parameter-" + firstRow("parameters", parameter.key) + "-key", message: say(data.messages.unusedParameter, parameter.key, type.key), hint: say(data.messages.unusedParameterHint, parameter.key) });
              }
              for (const action of type.actions.filter((action) => !implemented.has(action.key))) {
                found.push({ rule: "unimplemented-action", field: "action-" + firstRow("actions", action.key) + "-key", message: say(data.messages.unimplementedAction, action.key, type.key), hint: data.messages.unimplementedActionHint });
              }
              return found;
            }

            // Whether the form holds no app yet: every field and url_format empty.
            const isEmptyApp = () => app().o.every(([name, value]) => name === "actions" && value.a.length === 0);

            // What lint says of the new app in its type: its words, its rule ids.
            function findings(type) {
              const found = [];
              if (type.isNewType) {
                found.push(...newTypeFindings(type));
                // An app left empty is not written: only the type is.
                if (isEmptyApp()) return found;
              }
              for (const [property, { message, hint }] of Object.entries(data.required.app)) {
                const empty = property === "actions" ? app().o.find(([name]) => name === "actions")[1].a.length === 0 : field(property).value === "";
                if (empty) found.push({ rule: "schema", field: property, message, hint });
              }
              found.push(...nameWhitespace(field("name").value, "name"));
              // SchemeFormatRule.
              const schemeText = field("app_url_scheme").value;
              const schemeFinding = (message, hint, severity) => found.push({ rule: "scheme-format", severity, field: "app_url_scheme", message, hint });
              const colon = schemeText.indexOf(":");
              if (schemeText === "") {
                // Left out: the schema's finding above.
              } else if (colon < 0) {
                schemeFinding(say(data.messages.noColon, schemeText), SCHEME.test(schemeText) ? say(data.messages.addColon, schemeText) : data.messages.writeScheme);
              } else if (!SCHEME.test(schemeText.slice(0, colon))) {
                schemeFinding(say(data.messages.noScheme, schemeText), data.messages.writeScheme);
              } else if (colon < schemeText.length - 1) {
                const name = schemeText.slice(0, colon);
                if (schemeText.endsWith("://") && SCHEME.test(schemeText.slice(0, -3))) {
                  schemeFinding(data.messages.slashes, say(data.messages.write, schemeText.slice(0, -2)), "warning");
                } else if (["http", "https"].includes(name.toLowerCase())) {
                  schemeFinding(say(data.messages.webAddress, schemeText), data.messages.ownScheme, "warning");
                } else {
                  schemeFinding(say(data.messages.textAfterColon, schemeText), say(data.messages.write, name + ":"));
                }
              }
              const appKey = field("key").value;
              // SchemeCollisionRule, when the new app is the later of the two: an app of an
              // earlier type, or of this one, has its scheme.
              const newScheme = schemeName(field("app_url_scheme").value)?.toLowerCase();
              const isNewKey = !type.fileApps.some((app) => app.key === appKey) && !data.schemes.some(([, app]) => app === appKey);
              if (newScheme && appKey !== "" && isNewKey && !data.webSchemes.includes(newScheme)) {
                const first = data.schemes.find(([scheme, , position]) => scheme === newScheme && position <= type.position);
                if (first) found.push({ rule: "scheme-collision", field: "app_url_scheme", message: say(data.messages.schemeCollision, first[1], appKey, newScheme), hint: data.messages.schemeCollisionHint });
                // The new app first: lint reports each app of a later type with the scheme, there.
                for (const [, later, position] of first ? [] : data.schemes.filter(([scheme, , position]) => scheme === newScheme && position > type.position)) {
                  found.push({ rule: "scheme-collision", field: "app_url_scheme", at: [data.allTypes[position][0], later], message: say(data.messages.schemeCollision, appKey, later, newScheme), hint: data.messages.schemeCollisionHint });
                }
              }
              // AppConsistencyRule: a key an app of an earlier type has, with another name or scheme.
              const sameKey = appKey === "" || type.apps.includes(appKey) ? [] : data.appsByKey[appKey] ?? [];
              const first = sameKey[0];
              // The new app first: lint compares each app of a later type with the key with it, there.
              if (first && first.position > type.position) {
                const name = field("name").value, scheme = field("app_url_scheme").value;
                const ownSchemeName = schemeName(scheme)?.toLowerCase();
                for (const later of sameKey) {
                  const at = [later.type, appKey];
                  if (name !== "" && later.name !== null && name !== later.name) {
                    found.push({ rule: "app-consistency", field: "name", at, message: say(data.messages.appConsistency, appKey, "name", later.name, later.type, name, type.key), hint: say(data.messages.appConsistencyHint, "name") });
                  }
                  if (ownSchemeName && later.schemeName !== null && ownSchemeName !== later.schemeName) {
                    found.push({ rule: "app-consistency", field: "app_url_scheme", at, message: say(data.messages.appConsistency, appKey, "app_url_scheme", later.scheme, later.type, scheme, type.key), hint: say(data.messages.appConsistencyHint, "app_url_scheme") });
                  }
                }
              }
              if (first && first.position < type.position) {
                const name = field("name").value;
                if (name !== "" && first.name !== null && name !== first.name) {
                  found.push({ rule: "app-consistency", field: "name", message: say(data.messages.appConsistency, appKey, "name", name, type.key, first.name, first.type), hint: say(data.messages.appConsistencyHint, "name") });
                }
                const scheme = field("app_url_scheme").value;
                const ownSchemeName = schemeName(scheme)?.toLowerCase();
                if (ownSchemeName && first.schemeName !== null && ownSchemeName !== first.schemeName) {
                  found.push({ rule: "app-consistency", field: "app_url_scheme", message: say(data.messages.appConsistency, appKey, "app_url_scheme", scheme, type.key, first.scheme, first.type), hint: say(data.messages.appConsistencyHint, "app_url_scheme") });
                }
              }
              // IgnoredOverrideRule: an earlier layer defines the app first, and the shipped client
              // keeps its values (a field or url_format left empty overrides nothing).
              const kept = type.keptApps.find((app) => app.key === appKey);
              if (kept) {
                const app = say(data.messages.ignoredApp, appKey, type.key);
                const ignored = (fieldName, id, what, layer, shown, value) => {
                  if (value === "" || "\"" + value + "\"" === shown) return;
                  const keeps = shown === null ? say(data.messages.ignoredKeepsNone, fieldName) : say(data.messages.ignoredKeeps, fieldName, shown);
                  found.push({ rule: "ignored-override", field: id, message: say(data.messages.ignoredOverride, fieldName, what, layer, keeps), hint: data.messages.ignoredHint });
                };
                for (const [name, shown] of kept.fields) ignored(name, name, app, kept.layer, shown, field(name).value);
                for (const [action, layer, shown] of kept.actions) {
                  const input = field("format-" + action);
                  if (input) ignored("url_format", input.name, say(data.messages.ignoredAction, action, app), layer, shown, input.value);
                }
              }
              found.push(...keyFormat(appKey, "key"));
              if (type.fileApps.some((app) => app.key === appKey && app.key !== editedApp()?.key)) {
                found.push({ rule: "duplicate-app", field: "key", message: say(data.messages.duplicateApp, excerpt(appKey, data.excerptLength), type.key), hint: data.messages.duplicateHint });
              }
              const declared = new Set(type.parameters.map((parameter) => parameter.key));
              const appScheme = schemeName(field("app_url_scheme").value);
              for (const input of actionsBox.querySelectorAll("input[data-action]")) {
                const format = input.value;
                const add = (rule, message, hint) => found.push({ rule, field: input.name, message, hint });
                // KeyFormatRule, for the app's action: its key is the type's (a new type's may be
                // any text).
                if (format !== "") found.push(...keyFormat(input.dataset.action, input.name));
                const scalars = Array.from(format);
                for (const token of scan(scalars, declared)) {
                  // UndeclaredParameterRule: a {{name}} of letters, digits and "_" (upper case too)
                  // that is no parameter.
                  const name = token.inside;
                  if ((token.form === "valid" || token.form === "invalidName") && /^[A-Za-z0-9_]+$/.test(name) && !declared.has(name)) {
                    const suggestion = closest(name, [...declared]);
                    add("undeclared-parameter", say(data.messages.undeclaredParameter, name, type.key),
                      suggestion === null ? say(data.messages.undeclaredParameterDeclare, name) : say(data.messages.undeclaredParameterSuggestion, suggestion));
                  }
                  // PlaceholderSyntaxRule.problem.
                  const text = excerpt(scalars.slice(token.start, token.end).join(""), data.excerptLength);
                  const suggestion = (inside) => {
                    const name = inside.replace(/^[\p{Zs}\t]+|[\p{Zs}\t]+$/gu, "");
                    const found = key.test(name) ? name : closest(name, type.parameters.map((parameter) => parameter.key));
                    return found === null ? data.messages.placeholderNoSuggestion : say(data.messages.placeholderWrite, excerpt(found, data.excerptLength));
                  };
                  const problem = {
                    empty: () => [data.messages.placeholderEmpty, data.messages.placeholderEmptyHint],
                    padded: () => [say(data.messages.placeholderPadded, text), say(data.messages.placeholderWrite, excerpt(token.inside, data.excerptLength))],
                    invalidName: () => [say(data.messages.placeholderInvalidName, excerpt(token.inside, data.excerptLength)), suggestion(token.inside)],
                    wrongBraceCount: () => [say(data.messages.placeholderWrongBraceCount, text), suggestion(token.inside)],
                    unbalanced: () => [say(data.messages.placeholderUnbalanced, text), suggestion(token.inside)],
                    legacy: () => [say(data.messages.placeholderLegacy, text), suggestion(token.inside)],
                  }[token.form];
                  if (problem) add("placeholder-syntax", ...problem());
                }
                // QueryCrashRule: a component of the shipped client's query with no '='.
                const query = splitAtSeparators(format, "?")[1];
                // QueryHashRule: a '#' in that query is text to the client.
                if (query?.includes("#")) add("query-hash", data.messages.queryHash, data.messages.queryHashHint);
                // QueryTextLostRule: what follows a component's second '=', and the query's second '?'.
                const pieces = splitAtSeparators(format, "?");
                for (const component of query === undefined ? [] : splitAtSeparators(query, "&")) {
                  const parts = splitAtSeparators(component, "=");
                  if (parts.length > 2) add("query-text-lost", say(data.messages.afterSecondEquals, "=" + parts.slice(2).join("=")), data.messages.afterSecondEqualsHint);
                }
                if (pieces.length > 2) add("query-text-lost", say(data.messages.afterSecondQuestionMark, "?" + pieces.slice(2).join("?")), data.messages.afterSecondQuestionMarkHint);
                const components = query === undefined ? [] : splitAtSeparators(query, "&");
                components.forEach((component, index) => {
                  if (splitAtSeparators(component, "=").length > 1) return;
                  if (component !== "") {
                    add("query-crash", say(data.messages.queryCrash, component), say(data.messages.queryCrashHint, component.includes("{{") ? "name=" + component : component + "=1"));
                  } else {
                    add("query-crash", data.messages.emptyComponent, say(data.messages.emptyComponentHint, index < components.length - 1 ? "&" : index > 0 ? "&" : "?"));
                  }
                });
                // ExampleMismatchRule: the example's url against what the format renders with its
                // values, on the client lint checks with.
                writtenExamples(input.dataset.action).forEach((given, index) => {
                  if (format === "") return;
                  const rendering = RENDERERS[data.lintClient](format, new Map(given.values), type.fillOrder, null, type.platform);
                  if (rendering.rendered !== undefined && rendering.outcome !== "crash" && rendering.rendered !== given.url) {
                    const expected = Array.from(given.url), actual = Array.from(rendering.rendered);
                    let same = 0;
                    while (same < expected.length && same < actual.length && expected[same] === actual[same]) same++;
                    found.push({ rule: "example-mismatch", field: "example" + (index === 0 ? "" : index) + "-" + input.dataset.action, message: say(data.messages.exampleMismatch, given.url, rendering.rendered, String(same + 1)), hint: data.messages.exampleMismatchHint });
                  }
                });
                // QueryShapeRule: a component with '=' whose name is no literal text, where it holds
                // a placeholder; a literal name given again (canonically equal strings are one).
                const cutFormat = cut(format, declared);
                const holdsPlaceholder = (from, to) => cutFormat.tokens.some((token) => token.start >= from && token.start < to);
                const literalName = (component) => (component.equals === undefined || component.equals === component.start
                  || holdsPlaceholder(component.start, component.equals) ? null : cutFormat.s.slice(component.start, component.equals).join(""));
                cutFormat.components.forEach((component, index) => {
                  if (component.equals === undefined) return;
                  const name = literalName(component);
                  if (name === null) {
                    if (!holdsPlaceholder(component.start, component.end)) return;
                    const lacking = component.equals === component.start ? data.messages.queryNoName : data.messages.queryPlaceholderName;
                    add("query-shape", say(data.messages.queryUnnamed, cutFormat.s.slice(component.start, component.end).join(""), lacking), data.messages.queryUnnamedHint);
                  } else if (cutFormat.components.slice(0, index).some((earlier) => literalName(earlier)?.normalize() === name.normalize())) {
                    add("query-shape", say(data.messages.queryGivenTwice, name), data.messages.queryGivenTwiceHint);
                  }
                });
                // URLValidRule.
                const invalid = format === "" ? null : uriViolation(format, declared, data.messages, say);
                if (invalid) add("url-valid", ...invalid);
                // URLSchemeMismatchRule, for a scheme written out.
                const scheme = /^([^:/?#]*):/.exec(format)?.[1];
                if (appScheme !== null && scheme !== undefined && !scheme.includes("{") && SCHEME.test(scheme) && !isSameScheme(scheme, appScheme)) {
                  add("url-scheme-mismatch", say(data.messages.schemeMismatch, scheme, appScheme), say(data.messages.schemeMismatchHint, appScheme));
                }
              }
              return found;
            }

            // ConfigApplication: the findings the config's ignore entries for the type's file
            // leave, at the severity its rules: give (a rule's own, or the finding's).
            function configured(type, found) {
              const edited = editedApp();
              const actions = member(app(), "actions")?.a ?? [];
              const token = (text) => "/" + text.replace(/~/g, "~0").replace(/\//g, "~1");
              const appIndex = String(edited ? type.fileApps.indexOf(edited) : type.fileApps.length);
              const appKey = field("key").value;
              // The finding's pointer, by index and through keys (KeyedPointer).
              const pointers = (finding) => {
                const [kind, action] = [finding.field.split("-")[0], finding.field.split("-").slice(1).join("-")];
                const typeTokens = [token(String(type.typeIndex)), token(type.key === "" ? String(type.typeIndex) : type.key)];
                // A new type's own findings: at its member, or at the entity for its key and for
                // the rules that report one (the schema's missing members, duplicate keys, what
                // goes unused).
                if (["type", "parameter", "action"].includes(kind)) {
                  const atEntity = action.endsWith("key") || ["schema", "empty-description"].includes(finding.rule);
                  if (kind === "type") return typeTokens.map((typeToken) => typeToken + (atEntity ? "" : token(action)));
                  const [index, name] = action.split("-");
                  const list = kind + "s";
                  const rowKey = type.rows[list][Number(index)].key;
                  const tail = atEntity ? "" : token(name);
                  return [typeTokens[0] + token(list) + token(index) + tail, typeTokens[1] + token(list) + token(rowKey === "" ? index : rowKey) + tail];
                }
                const index = String(actions.findIndex((written) => member(written, "key") === action));
                const below = (actionToken) => (kind === "format" ? token("actions") + token(actionToken) + token("url_format")
                  : kind.startsWith("example") ? token("actions") + token(actionToken) + token("examples") + token(kind.slice("example".length) || "0") + token("url")
                  : finding.rule === "schema" || kind === "key" ? "" : token(kind));
                return [typeTokens[0] + token("apps") + token(appIndex) + below(index),
                  typeTokens[1] + token("apps") + token(appKey === "" ? appIndex : appKey) + below(action)];
              };
              const silenced = (finding) => finding.at === undefined && type.ignoreEntries.some(([rule, pointer]) => (rule === finding.rule || rule === "*")
                && (pointer === null || pointers(finding).some((at) => at === pointer || at.startsWith(pointer + "/"))));
              return found.filter((finding) => data.ruleSettings[finding.rule] !== "off" && !silenced(finding))
                .map((finding) => ({ ...finding, severity: data.ruleSettings[finding.rule] ?? finding.severity ?? data.severities[finding.rule] }));
            }

            function showFindings(found) {
              findingsList.replaceChildren(...found.map((made) => {
                const finding = { ...made, message: withInvisibleEscaped(made.message), hint: made.hint === undefined ? undefined : withInvisibleEscaped(made.hint) };
                const item = document.createElement("li");
                item.dataset.rule = finding.rule;
                item.dataset.field = finding.field;
                item.dataset.message = finding.message;
                item.dataset.hint = finding.hint ?? "";
                item.dataset.severity = finding.severity;
                const rule = document.createElement("a");
                rule.href = "rules.html#" + finding.rule;
                rule.textContent = finding.rule;
                item.append(finding.severity + ": " + finding.message + (finding.hint ? " (" + finding.hint + ") " : " "), "[", rule, "]");
                // A finding lint reports at another app, about this one.
                if (finding.at) {
                  item.dataset.at = finding.at.join("/");
                  item.append(" — lint reports this at app " + finding.at[1] + " of app type " + finding.at[0] + ".");
                }
                return item;
              }));
              if (found.length === 0) {
                const item = document.createElement("li");
                item.textContent = "No findings.";
                findingsList.append(item);
              }
            }

            // What the site's client opens for each url_format, as Try it renders it, with each
            // parameter's key as its value.
            function showPreviews(type) {
              const keys = type.parameters.map((parameter) => parameter.key);
              for (const preview of actionsBox.querySelectorAll("p.editor-preview")) {
                const format = field("format-" + preview.dataset.action).value;
                preview.replaceChildren();
                if (format === "") continue;
                const given = examples(preview.dataset.action)[0] ?? null;
                const values = new Map(given === null ? keys.map((key) => [key, key]) : given.values);
                const rendering = RENDERERS[data.client](format, values, keys, schemeName(field("app_url_scheme").value) === null ? null : field("app_url_scheme").value, type.platform);
                const code = document.createElement("code");
                code.textContent = rendering.url ?? "";
                preview.append((given === null ? "With each parameter's key as its value" : "With the example's values") + ", the client " + (rendering.outcome === "crash" ? "" : "opens "), code,
                  rendering.outcome === "url" ? "" : " " + OUTCOME_NOTES[rendering.outcome],
                  rendering.onOtherPlatform ? "; " + rendering.onOtherPlatform : "",
                  ...rendering.warnings.map((warning) => "; " + warning.code + ": " + warning.message), ".");
              }
            }

            function update() {
              if (isNewType()) suggestNewTypeKeys();
              const type = currentType();
              if (type.isNewType) showNewTypeActions(type);
              if (!keyTyped) field("key").value = field("name").value === "" ? "" : suggestedKey(field("name").value);
              showExampleInputs(type);
              showFindings(configured(type, findings(type)));
              showPreviews(type);
              const edited = editedApp();
              // A new app is added once a field of it is filled in.
              const text = type.isNewType ? (type.refusal === null ? newTypeFile(type) : "")
                : edited ? type.text.slice(0, edited.start) + render(app(), type.language, type.indent) + type.text.slice(edited.end)
                : isEmptyApp() ? type.text
                : type.text.slice(0, type.insertion[0]) + type.prefix + render(app(), type.language, type.indent) + type.suffix + type.text.slice(type.insertion[1]);
              output.textContent = text;
              const diff = unifiedDiff(type.text, text);
              document.getElementById("editor-diff").textContent = diff === "" ? ""
                : (type.isNewFile ? "--- /dev/null" : "--- a/" + type.path) + "\n+++ b/" + type.path + "\n" + diff;
              const file = document.getElementById("editor-file");
              file.replaceChildren(type.refusal ?? (type.isNewType ? "A new file, " + type.path + ", with the new app type."
                : type.isNewFile ? "A new file, " + type.path + ", that adds the app to the type." : "The new text of " + type.path + "."));
              // GitHub's new-file page takes the name and the text; its edit page, only the name.
              const link = document.createElement("a");
              if (type.isNewFile && data.newURL && !type.refusal) {
                link.href = data.newURL + "?filename=" + encodeURIComponent(type.path) + "&value=" + encodeURIComponent(text);
                link.textContent = "Create it on GitHub";
              } else if (!type.isNewFile && data.editURL) {
                link.href = data.editURL + type.path.split("/").map(encodeURIComponent).join("/");
                link.textContent = "Open it on GitHub to paste it";
              }
              if (link.href) {
                link.id = "editor-edit";
                file.append(" ", link);
              }
            }

            typeSelect.addEventListener("change", () => {
              newTypeBox.hidden = !isNewType();
              newTypeShown = "";
              showActions(); showApps(); fillFromApp(); update();
            });
            for (const list of Object.keys(ROWS)) {
              document.getElementById("editor-add-" + list).addEventListener("click", () => { addRow(list); update(); });
            }
            appSelect.addEventListener("change", () => { fillFromApp(); update(); });
            field("key").addEventListener("input", () => { keyTyped = field("key").value !== ""; });
            field("type-key").addEventListener("input", () => { field("type-key").dataset.typed = field("type-key").value === "" ? "" : "yes"; });
            form.addEventListener("input", update);
            form.addEventListener("submit", (event) => event.preventDefault());
            document.getElementById("editor-copy").addEventListener("click", async () => {
              const copied = await TryIt.copy(output.textContent, output);
              document.getElementById("editor-status").textContent = copied ? "Copied." : "Select the text and copy it.";
            });
            // A link can choose the type and the app to start from: ?type=twitter&app=tweetbot.
            const chosen = new URLSearchParams(location.search);
            if (chosen.get("type") === NEW_TYPE || data.types.some((type) => type.key === chosen.get("type"))) typeSelect.value = chosen.get("type");
            newTypeBox.hidden = !isNewType();
            showActions();
            showApps();
            const startFrom = Array.from(appSelect.options).find((option) => option.value === chosen.get("app") && !option.disabled);
            if (startFrom) {
              appSelect.value = startFrom.value;
              fillFromApp();
            }
            update();
          }

        """#
}
