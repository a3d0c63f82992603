"""python3 -m paywall_e2e.schema PAYWALL SITE…: validates each site's paywall.yml, native catalog and every page's
front matter against `paywall schema site|catalog|page`, and the offers.json (and experiments.json) its build
writes against `paywall schema offers` (and `experiments`), with the jsonschema package (an independent implementation of JSON Schema 2020-12). Prints one line
per file and `N passed, M failed` last."""
import json
import os
import sys
import tempfile

import jsonschema
import yaml

from .report import Report
from .workspace import run


def schema(binary, name):
    text = run(binary, "schema", name, check=True).stdout
    document = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(document)
    return jsonschema.Draft202012Validator(document)


def front_matter(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if not text.startswith("---\n"):
        return None
    return yaml.safe_load(text[4:text.index("\n---", 3)]) or {}


def main():
    binary, sites = sys.argv[1], sys.argv[2:]
    validators = {name: schema(binary, name) for name in ("site", "catalog", "page", "offers", "experiments")}
    report = Report(shown=10)

    def check(kind, path, document):
        errors = sorted(validators[kind].iter_errors(document), key=lambda e: list(e.path))
        report.line(not errors, f"schema {kind:11} {path}",
                    [f"{'/'.join(map(str, error.path)) or '(root)'}: {error.message}" for error in errors])

    for site in sites:
        with open(os.path.join(site, "paywall.yml"), encoding="utf-8") as f:
            config = yaml.safe_load(f) or {}
        check("site", os.path.join(site, "paywall.yml"), config)
        catalog = os.path.join(site, config.get("catalog", "catalog.yml"))
        if not catalog.endswith(".storekit") and os.path.exists(catalog):
            with open(catalog, encoding="utf-8") as f:
                check("catalog", catalog, yaml.safe_load(f))
        content = os.path.join(site, "content")
        for name in sorted(os.listdir(content)):
            matter = front_matter(os.path.join(content, name))
            if matter is not None:
                check("page", os.path.join(content, name), matter)
        with tempfile.TemporaryDirectory() as output:
            run(binary, "build", site, "-o", os.path.join(output, "public"), "--quiet", check=True)
            with open(os.path.join(output, "public", "offers.json"), encoding="utf-8") as f:
                check("offers", os.path.join(site, "public", "offers.json"), json.load(f))
            experiments = os.path.join(output, "public", "experiments.json")
            if config.get("experiments"):
                with open(experiments, encoding="utf-8") as f:
                    check("experiments", os.path.join(site, "public", "experiments.json"), json.load(f))
    # The schemas must also reject what the tool rejects.
    for kind, document, what in [
        ("page", {"groupId": "pro"}, "a misspelled key"),
        ("page", {"groupID": "pro", "controlStyle": "carousel"}, "an unknown control style"),
        ("site", {"actions": {"subscribe": "javascript:alert(1)"}}, "a javascript: action"),
        ("site", {"actions": {"subscribe": "http://example.com/"}}, "an http: action"),
        ("site", {"experiments": [{"id": "a b", "page": "pro", "variants": {"control": 50}}]},
         "an experiment ID with a space"),
        ("site", {"experiments": [{"id": "t", "page": "pro", "variants": {"x+y": 50}}]}, "a variant name with '+'"),
        ("catalog", {"subscriptionGroups": [{"id": "g", "subscriptions": [
            {"id": "p", "level": 1, "period": "P1M", "price": {"USA": "4,99"}}]}]}, "a price with a comma"),
        ("catalog", {"subscriptionGroups": [{"id": "g", "subscriptions": [
            {"id": "p", "level": 1, "period": "1M", "price": {"USA": "4.99"}}]}]}, "a period that is not ISO 8601"),
    ]:
        rejected = not validators[kind].is_valid(document)
        report.line(rejected, f"schema {kind:11} {'rejects' if rejected else 'accepts'} {what}")
    return report.summary()


if __name__ == "__main__":
    sys.exit(main())
