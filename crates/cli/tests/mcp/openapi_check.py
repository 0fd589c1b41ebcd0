"""Checks real exchanges with `kenning serve` against its own OpenAPI document.

Run by crates/cli/tests/openapi.rs: `python openapi_check.py DOC.json EXCHANGES.json`. Every
schema of the document must be a valid JSON Schema (2020-12, the dialect OpenAPI 3.1 uses);
every request body must match its operation's requestBody schema, every query value its
parameter's schema, and every answer the schema of its status (the operation's own, or the
shared error response); a success status must be documented by the operation itself; every
operation of the document must have been exercised. Validation uses the `jsonschema` package
(pinned in requirements.txt), not anything of ours. Prints each failure; exits 1 if any.
"""

import json
import sys

from jsonschema import Draft202012Validator


def main() -> int:
    doc = json.load(open(sys.argv[1]))
    exchanges = json.load(open(sys.argv[2]))
    components = doc["components"]
    failures = []

    for name, schema in components["schemas"].items():
        try:
            Draft202012Validator.check_schema(schema)
        except Exception as e:  # noqa: BLE001 - report every kind of schema error
            failures.append(f"components.schemas.{name} is not a valid JSON Schema: {e}")

    def check(schema, instance, what):
        # `#/components/...` references resolve against this root, as against the document.
        root = {"components": components, "allOf": [schema]}
        for error in sorted(Draft202012Validator(root).iter_errors(instance), key=str)[:3]:
            at = "/".join(str(p) for p in error.absolute_path)
            failures.append(f"{what}: {error.message[:300]} (at /{at})")

    seen = set()
    for x in exchanges:
        label = f"{x['method'].upper()} {x['url']} -> {x['status']}"
        methods = doc["paths"].get(x["path"])
        if methods is None or x["method"] not in methods:
            failures.append(f"{label}: {x['method']} {x['path']} is not in the document")
            continue
        op = methods[x["method"]]
        seen.add(op["operationId"])

        if x.get("body") is not None:
            body = op.get("requestBody")
            if body is None:
                failures.append(f"{label}: a body was sent, the document says none is taken")
            else:
                schema = body["content"]["application/json"]["schema"]
                check(schema, x["body"], f"{label}: request body")

        parameters = {p["name"]: p for p in op.get("parameters", []) if p["in"] == "query"}
        for name, value in x.get("query", {}).items():
            if name not in parameters:
                failures.append(f"{label}: query parameter {name} is not in the document")
            else:
                check(parameters[name]["schema"], value, f"{label}: query {name}")
        for name, p in parameters.items():
            if p.get("required") and name not in x.get("query", {}):
                failures.append(f"{label}: required query parameter {name} not sent")

        status = str(x["status"])
        response = op["responses"].get(status)
        if response is None:
            if status.startswith("2"):
                failures.append(f"{label}: success status {status} is not documented")
                continue
            response = op["responses"]["default"]
        if "$ref" in response:
            response = components["responses"][response["$ref"].rsplit("/", 1)[-1]]
        content = response.get("content")
        if content is None:
            if x["answer"] is not None:
                failures.append(f"{label}: the document says no body, the server sent one")
        else:
            check(content["application/json"]["schema"], x["answer"], f"{label}: answer")

    every = {op["operationId"] for methods in doc["paths"].values() for op in methods.values()}
    for missing in sorted(every - seen):
        failures.append(f"operation {missing} was never exercised")

    for f in failures:
        print(f)
    print(f"{len(exchanges)} exchanges, {len(seen)} of {len(every)} operations, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
