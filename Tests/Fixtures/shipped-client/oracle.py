#!/usr/bin/env python3
"""Independent test oracle: how the shipped Choosy iOS client (0.6.x) merges
the built-in and server catalog layers and renders the URL each app is opened
with.  Written from the specification only (standard library only), without
reference to the Swift sources, so it can cross-check them.

Usage:
    python3 oracle.py BUILTIN_DIR SERVER_DIR VALUES_JSON

BUILTIN_DIR / SERVER_DIR: directories of *.json catalog files (each a JSON
array of app types), read in sorted file-name order.  A file that is not valid
JSON (or not an array) is skipped with a note on stderr.  Duplicated object
members: the FIRST one is kept.

VALUES_JSON: a JSON array of value sets (objects: parameter key -> string).

Output (stdout): a JSON array, one entry per (app type, action, value set):
    {"type", "action", "values", "results": [{"app", "outcome", "url",
     "dropped"}, ...]}
"values" is the value set as passed to rendering, i.e. restricted to the keys
the merged type declares (in the value set's own key order).

Choices made where the specification is silent (see also the report):
  * Value-set keys are matched exactly (not lowercased) against the lowercased
    declared parameter keys; non-string values are treated as absent.
  * Within an app, the FIRST app action with a given key counts; if it has no
    string url_format the app does not implement the action, even if a later
    duplicate has one.  (Later duplicates add nothing: app actions have no
    sub-lists.)
  * "dropped" is ordered by the position of each key's first {{key}} in the
    whole url_format string.
  * A format with a '?' but an empty query ("x?") has one empty component and
    therefore crashes.
  * Non-list "parameters"/"actions"/"apps" are treated as empty lists; list
    elements that are not objects, or lack a string "key", are skipped.
"""

import json
import os
import re
import sys

# ---------------------------------------------------------------- reading

def _first_wins(pairs):
    d = {}
    for k, v in pairs:
        if k not in d:
            d[k] = v
    return d


def read_layer(directory):
    """Return the list of raw app-type objects of a layer, in file order."""
    types = []
    try:
        names = sorted(n for n in os.listdir(directory) if n.endswith(".json"))
    except OSError as e:
        print("oracle: cannot list %s: %s" % (directory, e), file=sys.stderr)
        return types
    for name in names:
        path = os.path.join(directory, name)
        if not os.path.isfile(path):
            continue
        try:
            with open(path, "rb") as f:
                raw = f.read()
            data = json.loads(raw.decode("utf-8"), object_pairs_hook=_first_wins)
        except (ValueError, UnicodeDecodeError) as e:
            print("oracle: skipping %s: not valid JSON (%s)" % (path, e), file=sys.stderr)
            continue
        if not isinstance(data, list):
            print("oracle: skipping %s: top level is not an array" % path, file=sys.stderr)
            continue
        for t in data:
            if isinstance(t, dict):
                types.append(t)
    return types


def _key(obj):
    """Lowercased string key of an object, or None when it has none."""
    if not isinstance(obj, dict):
        return None
    k = obj.get("key")
    if not isinstance(k, str):
        return None
    return k.lower()


def _list(obj, field):
    v = obj.get(field)
    return v if isinstance(v, list) else []


# ---------------------------------------------------------------- merging
#
# Merged structures (plain dicts, insertion-ordered):
#   types:   key -> {"params": [key...], "actions": [key...],
#                    "apps": {appkey -> {"scheme": str|None,
#                                        "actions": {actkey -> url_format|None}}}}
#
# Merging the built-in layer with the server layer is a left fold: the first
# occurrence of a key wins, later occurrences only append keys that are new.
# Duplicates within one list / one layer behave like a later layer, so the
# whole thing is one fold over built-in entries then server entries.

def _merge_app(target, app):
    for act in _list(app, "actions"):
        ak = _key(act)
        if ak is None or ak in target["actions"]:
            continue
        uf = act.get("url_format")
        target["actions"][ak] = uf if isinstance(uf, str) else None


def _new_app(app):
    scheme = app.get("app_url_scheme")
    a = {"scheme": scheme if isinstance(scheme, str) else None, "actions": {}}
    _merge_app(a, app)
    return a


def _merge_type(target, t):
    for p in _list(t, "parameters"):
        pk = _key(p)
        if pk is not None and pk not in target["params"]:
            target["params"].append(pk)
    for a in _list(t, "actions"):
        ak = _key(a)
        if ak is not None and ak not in target["actions"]:
            target["actions"].append(ak)
    for app in _list(t, "apps"):
        apk = _key(app)
        if apk is None:
            continue
        if apk in target["apps"]:
            _merge_app(target["apps"][apk], app)
        else:
            target["apps"][apk] = _new_app(app)


def merge(*layers):
    merged = {}
    for layer in layers:
        for t in layer:
            tk = _key(t)
            if tk is None:
                continue
            if tk not in merged:
                merged[tk] = {"params": [], "actions": [], "apps": {}}
            _merge_type(merged[tk], t)
    return merged


# ---------------------------------------------------------------- rendering

_KEEP = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
            b"-._~!$&'()*+,/:;=?@")

# RFC 3986 unreserved + reserved, plus '%'
_URL_OK = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
              "-._~" ":/?#[]@" "!$&'()*+,;=" "%")


def escape(value):
    out = []
    for b in value.encode("utf-8", "surrogatepass"):
        if b in _KEEP:
            out.append(chr(b))
        else:
            out.append("%%%02X" % b)
    return "".join(out)


def fill(text, params, values):
    for p in params:
        ph = "{{" + p + "}}"
        if ph in text:
            v = values.get(p)
            text = text.replace(ph, escape(v) if v is not None else "")
    return text


def render(fmt, params, values):
    """Return (outcome, url, dropped) for a string url_format.
    outcome is "url", "crash" or None (None = fall back to the scheme)."""
    pieces = fmt.split("?")
    base = pieces[0]
    query = pieces[1] if len(pieces) > 1 else None

    result = fill(base, params, values)
    dropped = []

    if query is not None:
        comps = query.split("&")
        parsed = []
        for c in comps:
            parts = c.split("=")
            if len(parts) < 2:
                return ("crash", None, [])
            parsed.append((parts[0], parts[1]))
        kept = []
        dropped_keys = set()
        for name, raw in parsed:
            filled = fill(raw, params, values)
            if filled == "":
                for p in params:
                    if "{{" + p + "}}" in raw:
                        dropped_keys.add(p)
            else:
                kept.append(name + "=" + filled)
        dropped = sorted(dropped_keys, key=lambda p: (fmt.find("{{" + p + "}}"), p))
        if kept:
            result = result + "?" + "&".join(kept)

    # Builds before iOS 17: a character no URL may hold, a '%' without two hex
    # digits after it, or a second '#' make URLWithString: return nil.
    if (any(ch not in _URL_OK for ch in result) or result.count("#") > 1
            or re.search(r"%(?![0-9A-Fa-f]{2})", result)):
        return (None, None, [])
    return ("url", result, dropped)


def render_app(app, action, params, values):
    uf = app["actions"].get(action)
    if uf is None:
        return ("app", app["scheme"], [])
    outcome, url, dropped = render(uf, params, values)
    if outcome is None:
        return ("app", app["scheme"], [])
    return (outcome, url, dropped)


# ---------------------------------------------------------------- main

def main(argv):
    if len(argv) != 4:
        print("usage: python3 oracle.py BUILTIN_DIR SERVER_DIR VALUES_JSON", file=sys.stderr)
        return 2
    builtin = read_layer(argv[1])
    server = read_layer(argv[2])
    with open(argv[3], "rb") as f:
        value_sets = json.loads(f.read().decode("utf-8"), object_pairs_hook=_first_wins)
    if not isinstance(value_sets, list):
        print("oracle: VALUES_JSON must hold an array", file=sys.stderr)
        return 2

    merged = merge(builtin, server)
    out = []
    for tk, t in merged.items():
        params = t["params"]
        declared = set(params)
        for action in t["actions"]:
            for vs in value_sets:
                if not isinstance(vs, dict):
                    vs = {}
                values = {k: v for k, v in vs.items()
                          if k in declared and isinstance(v, str)}
                results = []
                for apk, app in t["apps"].items():
                    outcome, url, dropped = render_app(app, action, params, values)
                    results.append({"app": apk, "outcome": outcome,
                                    "url": url, "dropped": dropped})
                out.append({"type": tk, "action": action,
                            "values": values, "results": results})
    sys.stdout.write(json.dumps(out, sort_keys=False, ensure_ascii=False, indent=1))
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
