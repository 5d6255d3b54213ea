#!/usr/bin/env python3
"""Fails when the SAM template, once transformed, has resources that depend on each other
in a circle. CloudFormation refuses such a stack only at deployment; cfn-lint does not see
cycles that SAM's transform creates (an HTTP API's generated body names every function, so
a function that names a resource that names the API closes a circle)."""

import re
import sys

from cfnlint.decode import decode
from samtranslator.translator.transform import transform


class NoManagedPolicies:
    def load(self):
        return {}


def references(node, found):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "Ref" and isinstance(value, str):
                found.add(value)
            elif key == "Fn::GetAtt":
                found.add(value[0] if isinstance(value, list) else value.split(".")[0])
            elif key == "Fn::Sub":
                text = value if isinstance(value, str) else value[0]
                found.update(re.findall(r"\$\{([A-Za-z0-9]+)", text))
                references(value, found)
            else:
                references(value, found)
    elif isinstance(node, list):
        for item in node:
            references(item, found)


def main(path):
    template, problems = decode(path)
    if problems:
        sys.exit(f"{path} does not parse: {problems}")
    # The transform wants an S3 location for code that `sam build` would otherwise upload.
    template.setdefault("Globals", {}).setdefault("Function", {})["CodeUri"] = "s3://bucket/key"
    resources = transform(template, {}, NoManagedPolicies())["Resources"]
    needs = {}
    for name, resource in resources.items():
        found = set()
        references(resource.get("Properties", {}), found)
        depends = resource.get("DependsOn", [])
        found.update(depends if isinstance(depends, list) else [depends])
        needs[name] = sorted(n for n in found if n in resources)

    state = {}

    def visit(name, path):
        state[name] = "open"
        for other in needs[name]:
            if state.get(other) == "open":
                return path + [other]
            if other not in state:
                cycle = visit(other, path + [other])
                if cycle:
                    return cycle
        state[name] = "done"
        return None

    for name in resources:
        if name not in state:
            cycle = visit(name, [name])
            if cycle:
                sys.exit(f"{path}: resources depend on each other in a circle: {' -> '.join(cycle)}")
    print(f"{path}: {len(resources)} resources after the SAM transform, no circular dependency")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "template.yaml")
