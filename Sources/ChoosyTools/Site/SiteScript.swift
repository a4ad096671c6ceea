import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// The docs site's one script: search (`SearchScript`), the sidebar (`NavigationScript`), and "Try it", which renders
/// url_formats in the browser as the page's client does (`ClientProfile.render`, docs/url.md):
/// `renderShipped` is a step-for-step port of `ShippedURLRenderer`, `renderRFC3986` of
/// `URLRenderer` (with `URLFormat` and `PlaceholderToken.scan`, which it relies on), warnings
/// included; the browser tests check that both agree with `choosy-data url`. It builds the
/// page with DOM calls and `textContent` only, never markup from strings. The QR encoder
/// (`QRCodeScript`) and Try it's links and page address (`TryItScript`) come first.
enum SiteScript {
    static let source = "\"use strict\";\n" + QRCodeScript.source + TryItScript.source + #"""
        // choosy-data docs. renderShipped follows Sources/ChoosyCatalog/Client/ShippedURLRenderer.swift,
        // renderRFC3986 Sources/ChoosyCatalog/Client/URLRenderer.swift; both return a ClientRendering
        // (ClientRendering.swift): {outcome, url (what the client opens, or null), dropped, warnings}.
        (function () {
          // PlaceholderToken.scan: tokens {start, end, name, form, inside}, name only for a
          // well-formed {{name}}; form and inside as PlaceholderToken.Form says.
          const KEY = new RegExp(\#(JSONValue.string(KeyGrammar.pattern).compactText()));
          const isParameterName = (text) => KEY.test(text);
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
            const inside = s.slice(insideStart, insideEnd).join("");
            if (closing === 0) {
              let nameEnd = insideStart;
              while (nameEnd < insideEnd && isNameCharacter(s[nameEnd])) nameEnd++;
              return { start, end: nameEnd, name: null, form: "unbalanced", inside: s.slice(insideStart, nameEnd).join("") };
            }
            const end = insideEnd + closing;
            if (opening !== closing) return { start, end, name: null, form: "unbalanced", inside };
            if (opening === 1 && start > 0 && s[start - 1] === "#") return { start: start - 1, end, name: null, form: "legacy", inside };
            if (opening !== 2) return { start, end, name: null, form: "wrongBraceCount", inside };
            if (inside === "") return { start, end, name: null, form: "empty", inside };
            if (isParameterName(inside)) return { start, end, name: inside, form: "valid", inside };
            const trimmed = inside.replace(/^[\p{Zs}\t]+|[\p{Zs}\t]+$/gu, "");
            return { start, end, name: null, form: isParameterName(trimmed) ? "padded" : "invalidName", inside: isParameterName(trimmed) ? trimmed : inside };
          }

          function strayClosing(s, index, previousEnd) {
            let start = index;
            while (start > previousEnd && isNameCharacter(s[start - 1])) start--;
            return { start, end: index + run(s, "}", index), name: null, form: "unbalanced", inside: s.slice(start, index).join("") };
          }

          function delimited(s, start, closer, accepts) {
            const close = s.indexOf(closer, start + 1);
            if (close < 0) return null;
            const inside = s.slice(start + 1, close).join("");
            return accepts(inside) ? { start, end: close + 1, name: null, form: "legacy", inside } : null;
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
          const codes = (characters) => new Set(Array.from(characters, (c) => c.charCodeAt(0)));
          // PercentEncoding.unreservedCharacters and ShippedURLRenderer.leftAsIsCharacters.
          const UNRESERVED = codes(\#(JSONValue.string(PercentEncoding.unreservedCharacters).compactText()));
          const isUnreserved = (b) => UNRESERVED.has(b);
          const LEFT_AS_IS = codes(\#(JSONValue.string(ShippedURLRenderer.leftAsIsCharacters).compactText()));

          // value's UTF-8 with every byte isLeftAsIs refuses written %XX.
          function escape(value, isLeftAsIs) {
            let out = "";
            for (const b of encoder.encode(value)) out += isLeftAsIs(b) ? String.fromCharCode(b) : "%" + HEX[b >> 4] + HEX[b & 15];
            return out;
          }

          const percentEncode = (value) => escape(value, isUnreserved);
          const placeholder = (key) => "{{" + key + "}}";
          const warning = (code, message) => ({ code, message });

          // URLWarning.emptyPathSegments: declared placeholders right after a '/' of base with empty values.
          function emptyPathSegments(base, keys, values) {
            return keys.filter((key) => (values.get(key) ?? "") === "" && base.includes("/" + placeholder(key))).map((key) =>
              warning("empty-path-segment", "'" + key + "' is empty, so its path segment is empty and the app finds no value there; pass a value"));
          }

          // ClientProfile.render for rfc3986: URLRenderer.render and its warnings. values is a Map
          // from parameter key to value; keys are the type's parameter keys in order.
          function renderRFC3986(text, values, keys, scheme, platform) {
            const f = cut(text, new Set(keys));
            const warnings = emptyPathSegments(f.s.slice(0, f.hierEnd).join(""), keys, values);
            const whole = f.tokens.length === 1 && f.tokens[0].start === 0 && f.tokens[0].end === f.s.length;
            if (whole && f.tokens[0].name !== null) return opening(values.get(f.tokens[0].name) ?? "", [], warnings, scheme, platform);
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
            return opening(url, dropped, warnings, scheme, platform);
          }

          // ShippedURLRenderer: the reserved characters the client leaves as they are.
          const escapeLeniently = (value) => escape(value, (b) => LEFT_AS_IS.has(b));

          function describe(unit) {
            if (unit === 0x20) return "a space";
            if (unit >= 0x80) return "non-ASCII text";
            if (unit < 0x20 || unit === 0x7f) return "a control character";
            return "'" + String.fromCharCode(unit) + "'";
          }

          // ShippedURLCut.isSeparator: text split at every delimiter that the character after it
          // does not join into one grapheme cluster (a combining mark after it makes it text).
          const GRAPHEMES = new Intl.Segmenter("en", { granularity: "grapheme" });
          function splitAtSeparators(text, delimiter) {
            const pieces = [];
            let start = 0;
            for (let i = text.indexOf(delimiter); i >= 0; i = text.indexOf(delimiter, i + 1)) {
              const next = text.codePointAt(i + 1);
              const pair = next === undefined || next < 0x80 ? null : delimiter + String.fromCodePoint(next);
              if (pair !== null && GRAPHEMES.segment(pair).containing(0).segment === pair) continue;
              pieces.push(text.slice(start, i));
              start = i + 1;
            }
            pieces.push(text.slice(start));
            return pieces;
          }

          // SystemURLParsing: what URLWithString: makes of a rendered text on each platform, from
          // the Swift definition's own tables. Returns {url, reason} (reason when the system
          // encoded it) or {noURL: reason}. Strings are cut at ASCII delimiters, so their UTF-16
          // indices cut the UTF-8 bytes the Swift code cuts.
          const SYSTEM = \#(systemURLTables);
          const ALLOWED = Object.fromEntries(Object.entries(SYSTEM.allowed).map(([part, characters]) => [part, codes(characters)]));
          const URL_CHARACTERS = codes(SYSTEM.urlCharacters);
          const isHex = (c) => c !== undefined && /^[0-9A-Fa-f]$/.test(c);
          const slice = (s, range) => s.slice(range[0], range[1]);

          function parseBeforeIOS17(s) {
            let sawHash = false;
            for (let i = 0; i < s.length; i++) {
              const unit = s.charCodeAt(i);
              if (!URL_CHARACTERS.has(unit)) return { noURL: "holds " + describe(unit) + ", which no URL may contain" };
              if (s[i] === "%" && !(isHex(s[i + 1]) && isHex(s[i + 2]))) return { noURL: "holds a '%' that two hexadecimal digits do not follow" };
              if (s[i] === "#") {
                if (sawHash) return { noURL: "holds a second '#'" };
                sawHash = true;
              }
            }
            return { url: s };
          }

          // The first unit of s[start..<end] part refuses (a '%' without two hex digits in it), or null.
          function firstInvalid(s, [start, end], part) {
            for (let i = start; i < end; i++) {
              if (s[i] === "%") {
                if (!(i + 2 < end && isHex(s[i + 1]) && isHex(s[i + 2]))) return 0x25;
              } else if (!ALLOWED[part].has(s.charCodeAt(i))) {
                return s.charCodeAt(i);
              }
            }
            return null;
          }

          const looksLikeIPLiteral = (h) => h.length >= 2 && h[0] === "[" && h[h.length - 1] === "]";
          const allAllowed = (text, part) => Array.from(text).every((c) => ALLOWED[part].has(c.charCodeAt(0)));

          function isValidHost(h, isIPLiteral) {
            if (!isIPLiteral && !looksLikeIPLiteral(h)) return firstInvalid(h, [0, h.length], "host") === null;
            const inner = h.slice(1, -1);
            const percent = inner.indexOf("%");
            if (percent < 0) return allAllowed(inner, "userInfo");
            return inner.startsWith("%25", percent) && allAllowed(inner.slice(0, percent), "userInfo")
              && firstInvalid(inner, [percent + 3, inner.length], "zoneID") === null;
          }

          function cutAuthority(s, start, end, parts) {
            if (start === end) {
              parts.host = [start, end];
              return;
            }
            let hostStart = start;
            let hostEnd = end;
            const at = s.lastIndexOf("@", end - 1);
            if (at >= start) {
              const colon = s.indexOf(":", start);
              if (colon >= 0 && colon < at) {
                parts.user = [start, colon];
                parts.password = [colon + 1, at];
              } else {
                parts.user = [start, at];
              }
              hostStart = at + 1;
            }
            const close = s.indexOf("]", hostStart);
            if (hostStart < end && s[hostStart] === "[" && close >= 0 && close < end) {
              parts.isIPLiteral = true;
              hostEnd = close + 1;
              if (hostEnd < end) {
                if (s[hostEnd] !== ":") throw { reason: "has text after the IP literal '" + s.slice(hostStart, hostEnd) + "' other than a port" };
                parts.port = [hostEnd + 1, end];
              }
            } else {
              const colon = s.indexOf(":", hostStart);
              if (colon >= 0 && colon < end) {
                hostEnd = colon;
                if (colon + 1 < end) parts.port = [colon + 1, end];
              }
            }
            parts.host = [hostStart, hostEnd];
            if (parts.port && !/^[0-9]*$/.test(slice(s, parts.port))) {
              const scheme = parts.scheme ? slice(s, parts.scheme).toLowerCase() : null;
              if (scheme !== SYSTEM.anyPortScheme) throw { reason: "has the port '" + slice(s, parts.port) + "', which is not a number" };
            }
          }

          function cutURL(s) {
            const parts = { path: null, isIPLiteral: false };
            let index = 0;
            const first = s.search(/[:\/?#\[\]@]/);
            if (first >= 0 && s[first] === ":") {
              const scheme = s.slice(0, first);
              if (scheme !== "" && !(scheme.charCodeAt(0) >= 0x41 && allAllowed(scheme, "scheme"))) {
                throw { reason: "has the scheme '" + scheme + "', which is not a letter followed by letters, digits, '+', '-' and '.'" };
              }
              parts.scheme = [0, first];
              index = first + 1;
            }
            if (s.startsWith("//", index)) {
              const found = s.slice(index + 2).search(/[\/?#]/);
              const end = found < 0 ? s.length : index + 2 + found;
              cutAuthority(s, index + 2, end, parts);
              index = end;
            }
            const found = s.slice(index).search(/[?#]/);
            const pathEnd = found < 0 ? s.length : index + found;
            parts.path = [index, pathEnd];
            if (pathEnd === s.length) return parts;
            const hash = s.indexOf("#", pathEnd + 1);
            if (s[pathEnd] === "?") {
              parts.query = [pathEnd + 1, hash < 0 ? s.length : hash];
              if (hash >= 0) parts.fragment = [hash + 1, s.length];
            } else {
              parts.fragment = [pathEnd + 1, s.length];
            }
            return parts;
          }

          function holdsOnlyAllowedCharacters(s, p) {
            const checked = [[p.user, "userInfo"], [p.password, "userInfo"], [p.path, "path"], [p.query, "query"], [p.fragment, "query"]];
            return checked.every(([range, part]) => !range || firstInvalid(s, range, part) === null)
              && (!p.host || isValidHost(slice(s, p.host), p.isIPLiteral));
          }

          // The IDNA of a host is the browser's (UTS #46, as ICU's in Foundation). The system
          // keeps a host's other ASCII characters, so one a host may not hold makes no URL; the
          // browser would drop or decode some of them first; and, unlike the browser, it refuses
          // a label that starts or ends with '-'. A '%' in such a host can still come out
          // otherwise than the system has it.
          function idnaEncoded(host) {
            if (Array.from(host).some((c) => c.charCodeAt(0) < 0x80 && c !== "%" && !ALLOWED.host.has(c.charCodeAt(0)))) return null;
            if (host.split(".").some((label) => label.startsWith("-") || label.endsWith("-"))) return null;
            try {
              return new URL("http://" + host + "/").hostname;
            } catch {
              return null;
            }
          }

          function parseFromIOS17(s) {
            let p;
            try {
              p = cutURL(s);
            } catch (error) {
              return { noURL: error.reason };
            }
            let firstInvalidPart = null;
            const isValid = (range, part, name) => {
              if (!range) return true;
              const unit = firstInvalid(s, range, part);
              if (unit === null) return true;
              if (firstInvalidPart === null) firstInvalidPart = { name, unit };
              return false;
            };
            const userValid = isValid(p.user, "userInfo", "user");
            const passwordValid = isValid(p.password, "userInfo", "password");
            const hostValid = !p.host || isValidHost(slice(s, p.host), p.isIPLiteral);
            const pathValid = isValid(p.path, "path", "path");
            const queryValid = isValid(p.query, "query", "query");
            const fragmentValid = isValid(p.fragment, "query", "fragment");
            if (hostValid && firstInvalidPart === null) return { url: s };
            let reason = firstInvalidPart === null ? ""
              : "holds " + describe(firstInvalidPart.unit) + " in its " + firstInvalidPart.name + ", which the system percent-encodes";
            const part = (range, valid, name) => valid ? slice(s, range) : escape(slice(s, range), (b) => ALLOWED[name].has(b));
            let url = "";
            if (p.scheme) url += slice(s, p.scheme) + ":";
            if (p.user || p.password || p.host || p.port) url += "//";
            if (p.user) {
              url += part(p.user, userValid, "userInfo");
              if (p.password) url += ":" + part(p.password, passwordValid, "userInfo");
              url += "@";
            }
            if (p.host && !hostValid) {
              const host = slice(s, p.host);
              const percentEncodes = p.isIPLiteral || looksLikeIPLiteral(host)
                || (p.scheme !== undefined && SYSTEM.percentEncodedHostSchemes.includes(slice(s, p.scheme).toLowerCase()));
              if (percentEncodes) {
                let encoded = null;
                if (!looksLikeIPLiteral(host)) {
                  encoded = escape(host, (b) => ALLOWED.host.has(b));
                } else if (host.indexOf("%") < 0) {
                  encoded = isValidHost(host, true) ? host : null;
                } else {
                  const percent = host.indexOf("%");
                  encoded = host.slice(0, percent) + escape(host.slice(percent, -1), (b) => ALLOWED.zoneID.has(b)) + "]";
                }
                if (encoded === null) return { noURL: "has the IP literal '" + host + "', which is invalid even percent-encoded" };
                url += encoded;
              } else {
                const encoded = idnaEncoded(host);
                if (encoded === null || !isValidHost(encoded, false)) return { noURL: "has the host '" + host + "', which is no host name even IDNA-encoded" };
                url += encoded;
              }
              reason = "has the host '" + host + "', which the system " + (percentEncodes ? "percent" : "IDNA") + "-encodes";
            } else if (p.host) {
              url += slice(s, p.host);
            }
            // The port is written back as a number (Swift's Int).
            if (p.port && /^[+-]?[0-9]+$/.test(slice(s, p.port))) {
              const port = BigInt(slice(s, p.port));
              if (port >= -(2n ** 63n) && port < 2n ** 63n) url += ":" + port.toString();
            }
            if (pathValid) {
              url += slice(s, p.path);
            } else {
              const [start, end] = p.path;
              const found = s.indexOf("/", start);
              const slash = found < 0 || found > end ? end : found;
              url += part([start, slash], false, "pathFirstSegment") + part([slash, end], false, "path");
            }
            if (p.query) url += "?" + part(p.query, queryValid, "query");
            if (p.fragment) url += "#" + part(p.fragment, fragmentValid, "query");
            try {
              if (!holdsOnlyAllowedCharacters(url, cutURL(url))) return { noURL: "is no URL even once the system encodes it" };
            } catch {
              return { noURL: "is no URL even once the system encodes it" };
            }
            return { url, reason };
          }

          // ClientRendering.opening: the last step of every client, on the page's platform.
          // ClientRendering.opening: the last step of every client, on the page's platform; with
          // onOtherPlatform (OtherPlatform.sentence) where the other platform opens something else.
          const PLATFORMS = \#(platformTable);
          function opening(rendered, dropped, warnings, scheme, platform) {
            const opened = (on) => {
              const result = on === "ios16" ? parseBeforeIOS17(rendered) : parseFromIOS17(rendered);
              if (result.noURL !== undefined) {
                return { outcome: "app", url: scheme, warning: warning("invalid-url", "the rendered text '" + rendered + "' " + result.noURL + ": the client opens the app only") };
              }
              if (result.reason === undefined) return { outcome: "url", url: rendered, warning: null };
              return { outcome: "url", url: result.url, warning: warning("encoded-by-system", "the rendered text '" + rendered + "' " + result.reason + ": the app is opened with '" + result.url + "'") };
            };
            const here = opened(platform);
            const other = PLATFORMS[platform].other;
            const there = opened(other);
            const rendering = { outcome: here.outcome, url: here.url, rendered, dropped: here.outcome === "url" ? dropped : [],
              warnings: here.warning === null ? warnings : warnings.concat([here.warning]), onOtherPlatform: null };
            if (there.outcome !== here.outcome || there.url !== here.url) {
              const what = there.outcome === "url" ? "opens '" + (there.url ?? "") + "'" : "opens only the app" + (there.url === null ? "" : " (" + there.url + ")");
              rendering.onOtherPlatform = PLATFORMS[other].whereItHolds + " this " + what;
            }
            return rendering;
          }

          // ClientProfile.render for shipped: ShippedURLRenderer.render, step for step. scheme is
          // the app's app_url_scheme, or null.
          function renderShipped(format, values, keys, scheme, platform) {
            const valueOf = (key) => values.get(key) ?? "";
            // Filler.fill: every {{key}} of a declared key, one key after the other, by text replacement.
            const fill = (text) => keys.reduce((filled, key) => filled.split(placeholder(key)).join(escapeLeniently(valueOf(key))), text);
            // Filler.keys: the declared keys whose placeholders text holds, in order of first appearance.
            const keysIn = (text) => keys.filter((key) => text.includes(placeholder(key)))
              .sort((a, b) => text.indexOf(placeholder(a)) - text.indexOf(placeholder(b)));
            const pieces = splitAtSeparators(format, "?");
            const warnings = [];
            if (pieces.length > 2) {
              const lost = pieces.slice(2).map((piece) => "?" + piece).join("");
              warnings.push(warning("text-lost", "the client keeps the query only up to the second '?': '" + lost + "' is lost"));
            }
            const base = pieces[0];
            let url = fill(base);
            // Filler.pathWarnings; a value at the very start is the URL's beginning, where '/' and '?' belong.
            for (const key of keysIn(base).filter((key) => base.indexOf(placeholder(key), 1) > 0)) {
              const value = valueOf(key);
              const delimiter = value.includes("?") ? "?" : value.includes("/") && base.includes("/" + placeholder(key)) ? "/" : null;
              if (delimiter !== null) {
                warnings.push(warning("value-splits-path", "the value of '" + key + "' holds '" + delimiter + "', which the client does not escape: the app reads the path differently from the value passed"));
              }
            }
            warnings.push(...emptyPathSegments(base, keys, values));
            const dropped = [];
            if (pieces.length > 1) {
              const kept = [];
              for (const component of splitAtSeparators(pieces[1], "&")) {
                const parts = splitAtSeparators(component, "=");
                if (parts.length < 2) {
                  const what = component === "" ? "an empty query component" : "the query component '" + component + "'";
                  warnings.push(warning("crash", what + " has no '=': the client raises an exception splitting it, which \#(ClientRendering.Outcome.crashSummary)"));
                  return { outcome: "crash", url: null, dropped: [], warnings };
                }
                if (parts.length > 2) {
                  const lost = parts.slice(2).map((part) => "=" + part).join("");
                  warnings.push(warning("text-lost", "the client keeps a query component only up to its second '=': '" + lost + "' of '" + component + "' is lost"));
                }
                const value = fill(parts[1]);
                if (value === "") {
                  for (const key of keysIn(parts[1])) if (!dropped.includes(key)) dropped.push(key);
                  continue;
                }
                kept.push(parts[0] + "=" + value);
                // Filler.queryWarnings.
                for (const key of keysIn(parts[1])) {
                  const delimiter = Array.from(valueOf(key)).find((c) => "&=?".includes(c));
                  if (delimiter !== undefined) {
                    warnings.push(warning("value-splits-query", "the value of '" + key + "' holds '" + delimiter + "', which the client does not escape: the app reads the query differently from the value passed"));
                  }
                }
              }
              if (kept.length > 0) url += "?" + kept.join("&");
            }
            return opening(url, dropped, warnings, scheme, platform);
          }

          const RENDERERS = {
            shipped: renderShipped,
            rfc3986: renderRFC3986,
          };
          // ActionPage.note: what a row says besides what the client opens.
          const OUTCOME_NOTES = \#(outcomeNotes);

          // An app row of Try it shows a rendering as ActionPage.row writes it, and TryIt.share's
          // link, copy button and QR code; status announces a copy.
          function show(row, rendering, status) {
            row.dataset.outcome = rendering.outcome;
            TryIt.share(row, rendering.url, row.querySelector("th a").textContent, status);
            row.querySelector(".outcome").textContent = OUTCOME_NOTES[rendering.outcome];
            row.querySelector(".other-platform").textContent = rendering.onOtherPlatform ?? "";
            row.querySelector(".dropped").textContent = rendering.dropped.join(", ");
            // Folded as ActionPage.warningsSummary folds them; left open if the reader opened them.
            const cell = row.querySelector(".warnings");
            const wasOpen = cell.querySelector("details")?.open ?? false;
            cell.replaceChildren();
            if (rendering.warnings.length === 0) return;
            const codes = rendering.warnings.map((warning) => warning.code);
            const summary = document.createElement("summary");
            summary.textContent = codes.length + (codes.length === 1 ? " warning: " : " warnings: ") + Array.from(new Set(codes)).join(", ");
            const list = document.createElement("ul");
            for (const { code, message } of rendering.warnings) {
              const item = document.createElement("li");
              const label = document.createElement("code");
              label.textContent = code;
              item.append(label, " " + message);
              list.append(item);
            }
            const details = document.createElement("details");
            details.open = wasOpen;
            details.append(summary, list);
            cell.append(details);
          }

          function setUpTryIt() {
            const form = document.getElementById("try-it-form");
            const table = document.getElementById("try-it-results");
            if (!form || !table) return;
            const render = RENDERERS[table.dataset.client];
            const platform = table.dataset.platform;
            const status = document.getElementById("try-it-status");
            const inputs = Array.from(form.querySelectorAll("textarea[name]"));
            // The inputs are the action's parameters, in the type's order: the keys the client
            // fills. A key that no url_format of the action holds fills nothing, so leaving it
            // out renders the same as leaving it empty.
            const keys = inputs.map((input) => input.name);
            const update = () => {
              const values = new Map(inputs.map((input) => [input.name, input.value]));
              for (const row of table.querySelectorAll("tr[data-format]")) {
                show(row, render(row.dataset.format, values, keys, row.dataset.fallback ?? null, platform), status);
              }
            };
            // A link with values fills the form, and brings Try it into view.
            const fill = () => {
              const values = TryIt.valuesInAddress();
              if (values === null) return false;
              for (const input of inputs) input.value = values.get(input.name) ?? "";
              return true;
            };
            form.addEventListener("input", () => {
              update();
              TryIt.keepInAddress(inputs);
            });
            form.addEventListener("submit", (event) => event.preventDefault());
            window.addEventListener("hashchange", () => { if (fill()) update(); });
            const filled = fill();
            update();
            // The values filled in from a link are kept as typed ones are: in Try it's permalink too.
            if (filled) TryIt.keepInAddress(inputs);
            if (filled) document.getElementById("try-it")?.scrollIntoView();
          }

          // The system's last step on its own, as the page's readers and the browser tests that
          // hold it to the Swift definition (SystemURLParsing) call it: {url, reason} or {noURL}.
          globalThis.ChoosySystemURL = Object.freeze({
            parse: (text, platform) => (platform === "ios16" ? parseBeforeIOS17 : parseFromIOS17)(text),
          });

        """# + EditorScript.source + #"""
          document.addEventListener("DOMContentLoaded", () => {
            setUpTryIt();
            setUpEditor();
          });
        })();

        """# + SearchScript.source + NavigationScript.source

    /// `SystemURLParsing`'s tables, as a JavaScript object literal: the characters of each part,
    /// those a URL may hold before iOS 17, and the schemes whose hosts and ports are treated apart.
    private static var systemURLTables: String {
        JSONValue.object([
            ("allowed", .object(SystemURLParsing.Part.allCases.map { ($0.rawValue, .string(SystemURLParsing.allowedCharacters[$0]!)) })),
            ("urlCharacters", .string(SystemURLParsing.urlCharacters)),
            ("percentEncodedHostSchemes", .array(SystemURLParsing.schemesWithPercentEncodedHosts.sorted().map { .string($0) })),
            ("anyPortScheme", .string(SystemURLParsing.schemeWithAnyPort)),
        ]).compactText()
    }

    /// Each platform's other platform and the words `OtherPlatform.sentence` begins with.
    private static var platformTable: String {
        JSONValue.object(Platform.allCases.map { platform in
            (platform.rawValue, .object([("other", .string(platform.other.rawValue)), ("whereItHolds", .string(platform.whereItHolds))]))
        }).compactText()
    }

    /// `ActionPage.note` of every outcome, as a JavaScript object literal.
    private static var outcomeNotes: String {
        JSONValue.object(ClientRendering.Outcome.allCases.map { ($0.rawValue, .string(ActionPage.note($0))) }).compactText()
    }
}
