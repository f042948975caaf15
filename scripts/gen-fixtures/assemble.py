"""Turn the captures of every SDK run into tests/fixtures/generated/ and its README.

  assemble.py OUT_DIR CAPTURE_DIR LABEL...

LABELs are processed in order. A fixture is written for (LABEL, model) only when its
`requestedSchema` differs from every earlier LABEL of the same family (py-/ts-) for that model, so
each file is a distinct output; the README says which other SDK runs produced the same schema.
Standard library only.
"""

import json
import re
import sys
from pathlib import Path

PLAIN_FORMATS = {"email", "uri", "date", "date-time"}
SAFE_INT = 9007199254740991
NUMERIC_KEYS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
                "minLength", "maxLength", "minItems", "maxItems")


def is_null_branch(s):
    return isinstance(s, dict) and s.get("type") == "null" and len(s) == 1


def is_const_option(s):
    return isinstance(s, dict) and "const" in s and set(s) <= {"const", "title", "type"}


def numeric_notes(node, where, out):
    for key in NUMERIC_KEYS:
        v = node.get(key)
        if isinstance(v, float) and v.is_integer():
            out.add(f"integral `{key}` written as a float ({json.dumps(v)}){where}")
        if isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) == SAFE_INT:
            out.add(f"`{key}` ±9007199254740991 (zod's safe-integer bound){where}")


def walk_property(node, out, where="", depth=0):
    """Constructs beyond the plain MCP subset in one property schema (or an anyOf/items member)."""
    if not isinstance(node, dict):
        return
    typ = node.get("type")
    if isinstance(typ, list):
        out.add(f"`type` as an array {json.dumps(typ)}{where}")
    if "$ref" in node:
        out.add(f"`$ref` into `$defs`{where}")
        if len(node) > 1:
            out.add(f"`$ref` with sibling keywords ({', '.join(sorted(k for k in node if k != '$ref'))}){where}")
    if "allOf" in node:
        out.add(f"`allOf` wrapping a `$ref`{where}" if all("$ref" in m for m in node["allOf"])
                else f"`allOf`{where}")
        for m in node["allOf"]:
            walk_property(m, out, where, depth + 1)
    if "anyOf" in node:
        members = node["anyOf"]
        nonnull = [m for m in members if not is_null_branch(m)]
        if len(nonnull) < len(members):
            kind = "nullable `anyOf` [X, {type: null}]"
            if any("$ref" in m for m in nonnull):
                kind += " with a `$ref` branch"
            elif any(set(m) - {"type"} for m in nonnull):
                inner = sorted(set().union(*(set(m) - {"type"} for m in nonnull)))
                kind += f" whose branch also has {', '.join(f'`{k}`' for k in inner)}"
            out.add(kind + where)
        elif all(is_const_option(m) for m in members):
            if not all(set(m) <= {"const", "title"} for m in members) or where != " (items)":
                out.add(f"single-select as `anyOf` of `{{type, const}}` options (not `oneOf`){where}")
            nonnull = []  # the options themselves are plain
        elif (all(isinstance(m, dict) and "format" in m for m in members)
              and len({m.get("type", typ) for m in members}) == 1):
            # One type, a choice of formats (zod's IPv4-or-IPv6); zod 3 puts `type` on the parent only.
            formats = " / ".join(m["format"] for m in members)
            one = members[0].get("type", typ)
            bare = " (branches without `type`, which is on the parent)" if not any("type" in m for m in members) else ""
            out.add(f"`anyOf` of {json.dumps(one) if one else 'typeless'} formats ({formats}){bare}{where}")
        else:
            types = " / ".join(m.get("type", "?") for m in members)
            out.add(f"`anyOf` of different types ({types}){where}")
        for m in nonnull:
            walk_property(m, out, " (inside anyOf)" if where == "" else where, depth + 1)
    if "oneOf" in node:
        if where == " (items)":
            out.add("`items.oneOf`")
        elif not all(is_const_option(m) for m in node["oneOf"]):
            out.add(f"`oneOf` of non-option schemas{where}")
    if "const" in node:
        out.add(f"`const` on a {json.dumps(typ) if typ else 'typeless'} property{where}"
                + (" next to `enum`" if "enum" in node else ""))
    if "enum" in node:
        values = node["enum"]
        if "type" not in node:
            out.add(f"`enum` without `type`{where}")
        if any(not isinstance(v, str) for v in values):
            kinds = sorted({type(v).__name__ for v in values})
            on = f"on type {json.dumps(typ)}" if typ else "without `type`"
            out.add(f"`enum` of non-strings ({'/'.join(kinds)}) {on}{where}")
    if "pattern" in node:
        out.add(f"`pattern`{where}" + (f" next to `format: {node['format']}`" if "format" in node else ""))
    fmt = node.get("format")
    if fmt is not None and fmt not in PLAIN_FORMATS:
        out.add(f"`format: {fmt}`{where}")
    for key in ("exclusiveMinimum", "exclusiveMaximum", "multipleOf", "uniqueItems", "examples",
                "writeOnly", "readOnly", "deprecated", "not", "if", "contains", "prefixItems",
                "minProperties", "maxProperties", "dependentRequired", "propertyNames"):
        if key in node:
            out.add(f"`{key}`{where}")
    if "default" in node and node["default"] is None:
        out.add(f"`default: null`{where}")
    if typ == "object" or "properties" in node:
        out.add(f"nested object{where}")
    numeric_notes(node, where, out)
    if "items" in node:
        items = node["items"]
        if isinstance(items, dict):
            if not any(k in items for k in ("enum", "anyOf", "oneOf", "$ref")):
                out.add(f"array `items` without options ({json.dumps(items)}){where}")
            walk_property(items, out, " (items)", depth + 1)
    unknown = set(node) - {
        "title", "description", "default", "type", "minLength", "maxLength", "format", "minimum", "maximum",
        "enum", "enumNames", "oneOf", "anyOf", "allOf", "items", "minItems", "maxItems", "$ref", "const",
        "pattern", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "uniqueItems", "examples",
        "writeOnly", "readOnly", "deprecated", "properties", "required", "additionalProperties",
    }
    for key in sorted(unknown):
        out.add(f"`{key}`{where}")


def constructs(schema):
    """Every construct beyond the plain MCP subset in one requestedSchema, as sorted strings."""
    out = set()
    for key, value in schema.items():
        if key == "additionalProperties":
            out.add(f"root `additionalProperties: {json.dumps(value)}`")
        elif key == "$defs":
            kinds = sorted({d.get("type", "?") for d in value.values()})
            out.add(f"root `$defs` (of type {'/'.join(kinds)})")
        elif key not in ("$schema", "type", "title", "description", "properties", "required"):
            out.add(f"root `{key}`")
    props = schema.get("properties", {})
    for name in schema.get("required", []):
        if name in props and "default" in props[name]:
            out.add("`required` lists a property that has a `default`")
            break
    for prop in props.values():
        walk_property(prop, out)
    for d in schema.get("$defs", {}).values():
        walk_property(d, out, " (in $defs)")
    return sorted(out)


def load(capture_dir, label):
    return json.loads((capture_dir / f"{label}.json").read_text())


def fixture_text(params):
    # The params as sent, minus `_meta` (a transport-level progress token that the helper ignores).
    body = {k: v for k, v in params.items() if k != "_meta"}
    return json.dumps(body, indent=2, ensure_ascii=False) + "\n"


def short_error(text):
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= 220 else text[:217] + "..."


def sdk_line(sdk):
    return ", ".join(f"`{k}` {v}" for k, v in sdk.items())


def main():
    out_dir, capture_dir, labels = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3:]
    rejects_dir = out_dir / "sdk-rejects"
    out_dir.mkdir(parents=True, exist_ok=True)
    rejects_dir.mkdir(exist_ok=True)
    for old in list(out_dir.glob("*.json")) + list(rejects_dir.glob("*.json")):
        old.unlink()

    captures = {label: load(capture_dir, label) for label in labels}
    written = {"main": [], "rejects": []}  # rows: (file, label, model, schema)
    seen = {"main": {}, "rejects": {}}  # (family, model, schema-json) -> row index
    also = {}  # file -> [labels that produced the same schema]
    refused = []  # (label, model, error, bypass outcome)

    for label in labels:
        family = label.split("-", 1)[0]
        for m in captures[label]["models"]:
            name, ask, bypass = m["name"], m["ask"], m["bypass"]
            if ask["outcome"] == "sent":
                kind, params = "main", ask["params"]
            else:
                refused.append((label, name, ask.get("error", ""), bypass))
                if not bypass or bypass["outcome"] != "sent":
                    continue
                kind, params = "rejects", bypass["params"]
            key = (family, name, json.dumps(params["requestedSchema"], sort_keys=False))
            if key in seen[kind]:
                also.setdefault(seen[kind][key], []).append(label)
                continue
            directory = out_dir if kind == "main" else rejects_dir
            path = directory / f"{label}-{name}.json"
            path.write_text(fixture_text(params))
            rel = path.relative_to(out_dir).as_posix()
            seen[kind][key] = rel
            written[kind].append((rel, label, name, params["requestedSchema"]))
            print(f"  wrote {path}")

    for kind in written:
        for rel, *_ in written[kind]:
            json.loads((out_dir / rel).read_text())  # every file is valid JSON

    write_readme(out_dir, labels, captures, written, also, refused)
    total = sum(len(v) for v in written.values())
    print(f"  wrote {out_dir / 'README.md'} ({len(written['main'])} fixtures, "
          f"{len(written['rejects'])} in sdk-rejects/, {total} in all)")


HOW = {
    "py-mcp-1.10.1": "first `mcp` with elicitation; the pydantic of its release (mcp 1.10.x cannot import with pydantic >= 2.12)",
    "py-mcp-1.10.1-pydantic-2.8.2": "same SDK with an older pydantic it allows (>= 2.7.2): pydantic < 2.9 wraps a `$ref` that has siblings in `allOf`, < 2.10 adds `enum` next to `const`, < 2.11 writes float bounds as `-40.0`",
    "py-mcp-1.30.0": "newest 1.x; accepts `list[str]` (since 1.23.0), sends `mode: form` on 2025-11-25",
    "py-mcp-2.3.0": "newest; renders with its own generator (drops `| None` and `None` defaults) and checks each property against the spec's `PrimitiveSchemaDefinition` (extra keys are ignored, not refused)",
    "ts-sdk-1.32.2": "newest `@modelcontextprotocol/sdk`; `elicitInput` sends plain JSON unchanged, converted with the SDK's `toJsonSchemaCompat` (zod 4: `toJSONSchema`, draft-7, io input)",
    "ts-sdk-1.32.2-zod-3.25.76": "same, with zod 3: `toJsonSchemaCompat` uses `zod-to-json-schema` (strictUnions)",
    "ts-server-2.4.0": "v2 SDK: `inputRequired.elicit({requestedSchema: zodSchema})` converts zod itself (draft 2020-12), keeps only spec keys and throws on any other constraint; sent by the legacy shim as `elicitation/create` on 2025-11-25",
}

BYPASS = {
    "py": "`Model.model_json_schema()` sent through the SDK's low-level session (`session.elicit(...)` in 1.x, `session.elicit_form(...)` in 2.x), which sends it unchanged",
    "ts": "`JSON.parse(JSON.stringify(z.toJSONSchema(schema)))` (zod 4 defaults: draft 2020-12, io output, so defaulted fields are `required` and objects get `additionalProperties: false`) passed to `inputRequired.elicit`, which sends plain JSON unchanged",
}


def write_readme(out_dir, labels, captures, written, also, refused):
    lines = [
        "# Generated request fixtures",
        "",
        "Made by the official MCP SDKs, not by hand: `scripts/gen-fixtures/run` (needs PyPI and the npm",
        "registry; installs into throwaway environments under `/tmp/fe-gen`; not part of the build or of",
        "`cargo test`). Every file here is rewritten by it; do not edit them.",
        "",
        "How: each SDK run starts a real MCP server over stdio (`scripts/gen-fixtures/py/server.py`,",
        "`scripts/gen-fixtures/ts/server-*.mjs`) with one tool per model; `scripts/gen-fixtures/capture.py`",
        "is the client: it initializes with protocol 2025-11-25 and form elicitation, calls each tool,",
        "records the `elicitation/create` params exactly as they arrived on stdout (key order kept) and",
        "declines. A fixture is those params without `_meta` (ts-server-2.4.0 sends a `progressToken` there).",
        "",
        "- `<run>-<model>.json`: what the SDK's own elicitation path sent (Python: `ctx.elicit(message=...,",
        "  schema=Model)`; TypeScript: see the runs below).",
        "- `sdk-rejects/<run>-<model>.json`: models the SDK itself refused (nothing was sent); the file is what",
        "  a server sends to get around that refusal: " + BYPASS["py"] + " (Python); " + BYPASS["ts"] + " (ts-server).",
        "- A file exists only where its `requestedSchema` differs from every earlier run of the same language",
        "  for that model (runs in the order below); the tables name the later runs that sent the same one.",
        "",
        "## SDK runs",
        "",
        "| run | packages | protocol | notes |",
        "|---|---|---|---|",
    ]
    for label in labels:
        c = captures[label]
        lines.append(f"| `{label}` | {sdk_line(c['sdk'])} | {c['protocolVersion']} | {HOW.get(label, '')} |")
    lines += [
        "",
        "Python models: `scripts/gen-fixtures/py/models.py`; zod schemas: `scripts/gen-fixtures/ts/schemas.mjs`.",
        "Python 1.9.x and earlier have no elicitation; TypeScript `@modelcontextprotocol/sdk` has `elicitInput`",
        "since 1.13.0 and has always sent `requestedSchema` unchanged, so older 1.x releases differ only in the",
        "converter and in the envelope (no `mode` before 2025-11-25). mcp 2.0.0 was checked too: same",
        "schemas as 2.3.0, plus an empty `_meta`.",
        "",
        "## Fixtures sent by the SDKs",
        "",
        "Constructs listed are those beyond the plain MCP subset (`type`, `title`, `description`, `default`,",
        "`minLength`, `maxLength`, `format` email/uri/date/date-time, `minimum`, `maximum`, string `enum`,",
        "`enumNames`, `oneOf`/`anyOf` of `{const, title}` options, `items`, `minItems`, `maxItems`,",
        "`required`, `properties`, `$schema`, root `title`/`description`).",
        "",
        "| file | constructs beyond the plain subset | same schema also from |",
        "|---|---|---|",
    ]
    index = {}
    for kind in ("main", "rejects"):
        if kind == "rejects":
            lines += [
                "",
                "## sdk-rejects/: models the SDK refused, as sent around the refusal",
                "",
                "| file | constructs beyond the plain subset | same schema also from |",
                "|---|---|---|",
            ]
        for rel, label, name, schema in written[kind]:
            cs = constructs(schema)
            for c in cs:
                index.setdefault(c, []).append(rel)
            lines.append(f"| `{rel}` | {'; '.join(cs) or '(none)'} | {', '.join(f'`{x}`' for x in also.get(rel, [])) or ''} |")
    lines += [
        "",
        "## What the converters change without saying so",
        "",
        "Nothing in a fixture shows these; they are noted so that nobody relies on the fixture to carry them:",
        "",
        "- A regex flag is dropped: zod's `.regex(/^[a-z]+$/i)` becomes `\"pattern\": \"^[a-z]+$\"` (both",
        "  converters), a stricter pattern than the server validates with (`*-string-regex-flags.json`).",
        "- mcp 2.x sends `Optional[X] = None` as a plain `X` that is not required (null is no longer",
        "  expressible), and `Optional[X]` without a default as a required plain `X`.",
        "- mcp 2.x checks properties against the spec's types with extra keys ignored, so `pattern`,",
        "  `exclusiveMinimum`, `multipleOf`, `examples`, `uniqueItems`, `const`, an integer `enum` and root",
        "  `additionalProperties` pass its check and are sent.",
        "- zod 4 (`toJSONSchema`) gives `z.string().time()` a `pattern` and no `format`; zod 3 gives",
        "  `format: time` and no `pattern`. zod 4 adds its own `pattern` to email/date/date-time/uuid/",
        "  duration/ipv4/ipv6/hostname formats (zod 3 adds none); ts-server-2.4.0 drops that library",
        "  pattern for the spec's formats (email, uri, date, date-time) before sending, but refuses a user",
        "  `.regex()` and every other format (uuid, duration, ipv4, ipv6, hostname).",
        "- Formats outside the spec's four, by source: pydantic writes `uuid` (`UUID`), `time`",
        "  (`datetime.time`, default `\"07:30:00\"`), `duration` (`timedelta`, default as ISO 8601",
        "  `\"PT30M\"`), `ipv4`/`ipv6` (`IPv4Address`/`IPv6Address`) and the non-standard `ipvanyaddress`",
        "  (`IPvAnyAddress`); every `mcp` release refuses them all (1.x: not a primitive annotation; 2.x:",
        "  not a `PrimitiveSchemaDefinition`), so those fixtures are in sdk-rejects/. zod writes `uuid`,",
        "  `duration`, `ipv4`, `ipv6` and (zod 4 only: zod 3 has no `z.hostname()`) `hostname`.",
        "- IPv4-or-IPv6: zod 4's `z.union([z.ipv4(), z.ipv6()])` is an `anyOf` of two full string schemas;",
        "  zod 3's `z.string().ip()` is `type: string` with `anyOf: [{format: ipv4}, {format: ipv6}]`.",
        "- A single-value literal is a `const`: pydantic `Literal[\"yes\"]`/`Literal[3]` give `type`",
        "  string/integer (pydantic < 2.10 adds `enum: [value]` next to it); zod's `z.literal(3)` gives",
        "  `type: number`, not integer. mcp 2.3.0 and ts-sdk-1.32.2 send them; mcp 1.x and ts-server-2.4.0",
        "  refuse them.",
        "- `z.toJSONSchema(schema)` with its default `io: \"output\"` lists defaulted fields in `required`.",
        "",
        "Not produced by any of these SDK runs, though the issue names them: `items.oneOf`, an integer",
        "bound written `3.0` on an `integer` property (only `number` bounds, e.g. `-40.0`, `0.0`).",
    ]
    lines += [
        "",
        "## What each SDK refused",
        "",
        "| run | model | the SDK's message | bypass |",
        "|---|---|---|---|",
    ]
    for label, name, error, bypass in refused:
        if bypass is None:
            b = "none: this run has no SDK check to get around (the converter itself threw)"
        elif bypass["outcome"] == "sent":
            b = "sent (see sdk-rejects/)"
        else:
            b = "also refused: " + short_error(bypass.get("error", ""))
        lines.append(f"| `{label}` | {name} | {short_error(error).replace('|', '/')} | {b.replace('|', '/')} |")
    lines += [
        "",
        "## Index: construct → files",
        "",
    ]
    for c in sorted(index, key=str.lower):
        lines.append(f"- {c}: " + ", ".join(f"`{f}`" for f in index[c]))
    lines.append("")
    (out_dir / "README.md").write_text("\n".join(lines))


if __name__ == "__main__":
    main()
