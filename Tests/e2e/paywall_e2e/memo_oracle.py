"""python3 -m paywall_e2e.memo_oracle PAYWALL_BINARY SITE…: no memo and no other page changes what a page says.

For each site (a folder with paywall.yml):
  memos       built with PAYWALL_MEMO=off (no memo at all) at -j 1 and -j 4, and with memos at -j 1 and -j 4:
              the four outputs are byte-identical, file for file;
  alone       each store page (a content file with groupID or productIDs, its translations with it) built in a
              copy of the site without the other store pages: every file of that page (LOCALE/NAME/…, NAME/…) is
              the same as in the whole site's build, the site-wide stylesheet's name and style rule numbers aside.

Prints PASS/FAIL lines and last `N passed, M failed`.
"""

import os
import pathlib
import re
import shutil
import sys

from .report import Report
from .workspace import run, temporary

STYLESHEET = re.compile(rb"paywall\.[0-9a-f]+\.css")
STYLE_RULE = re.compile(rb'data-style="s[0-9]+"')
FRONT_MATTER_SELECTION = re.compile(r"^(groupID|productIDs)\s*:", re.MULTILINE)


def build(binary, site, output, jobs, memos):
    environment = dict(os.environ)
    if memos:
        environment.pop("PAYWALL_MEMO", None)
    else:
        environment["PAYWALL_MEMO"] = "off"
    built = run(binary, "build", site, "-o", output, "-j", jobs, "--quiet", env=environment)
    return built.returncode, built.stderr.strip()


def snapshot(root, keep=lambda path: True):
    files = {}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if path.is_file() and keep(relative):
            files[relative] = path.read_bytes()
    return files


def differences(got, expected, normalize=lambda data: data):
    problems = []
    for path in sorted(set(got) | set(expected)):
        if path not in got:
            problems.append(f"{path}: missing")
        elif path not in expected:
            problems.append(f"{path}: not in the other build")
        elif normalize(got[path]) != normalize(expected[path]):
            one, other = normalize(got[path]).split(b"\n"), normalize(expected[path]).split(b"\n")
            line = next((index for index, (a, b) in enumerate(zip(one, other)) if a != b), min(len(one), len(other)))
            shown = lambda lines: lines[line][:160].decode("utf-8", "replace") if line < len(lines) else "(end)"
            problems.append(f"{path} line {line + 1}: {shown(one)!r} / {shown(other)!r}")
    return problems


def normalized(data):
    return STYLE_RULE.sub(b'data-style="s#"', STYLESHEET.sub(b"paywall.css", data))


def store_pages(site):
    """{page name: [its content files]} of the pages that show options, translations and an experiment's variants
    (PAGE+VARIANT.md) included."""
    files = {}
    for path in sorted((site / "content").glob("*.md")):
        files.setdefault(path.name.split(".")[0].split("+")[0], []).append(path)
    return {name: paths for name, paths in files.items()
            if any(FRONT_MATTER_SELECTION.search(path.read_text(encoding="utf-8").split("\n---", 1)[0])
                   for path in paths)}


def without_experiments(config, page):
    """Drops paywall.yml's experiments: block (a top-level key, up to the next one) unless it names `page`: the
    other pages' files are gone from the copy. A site's one experiment block is read as text (no YAML parser here)."""
    lines = config.read_text(encoding="utf-8").split("\n")
    start = next((index for index, line in enumerate(lines) if line.startswith("experiments:")), None)
    if start is None:
        return
    end = next((index for index in range(start + 1, len(lines))
                if lines[index] and not lines[index][0].isspace() and not lines[index].startswith(("#", "-"))),
               len(lines))
    # The whole name: `page: pro` is not `page: pro-x`.
    if not re.search(rf"\bpage:\s*[\"']?{re.escape(page)}[\"']?(?![\w.+-])", "\n".join(lines[start:end])):
        config.write_text("\n".join(lines[:start] + lines[end:]), encoding="utf-8")


def oracle(report, binary, site, work, name):
    """The memos and alone checks of one site, built in the folder `work`."""
    outputs = {}
    for memos in (True, False):
        for jobs in (1, 4):
            output = work / f"{'memo' if memos else 'nomemo'}-{jobs}"
            status, errors = build(binary, site, output, jobs, memos)
            if status != 0:
                report.result("memos", f"{name}, memos {'on' if memos else 'off'}, -j {jobs}",
                              [f"build failed: {errors}"])
                return
            outputs[(memos, jobs)] = snapshot(output)
    whole = outputs[(True, 4)]
    problems = [f"memos {'on' if memos else 'off'}, -j {jobs}: {problem}" for (memos, jobs), files in outputs.items()
                for problem in differences(files, whole)]
    report.result("memos", name, problems, f"{len(whole)} files, memos on and off, -j 1 and -j 4")

    pages = store_pages(site)
    for page, own in pages.items():
        copy = work / f"alone-{page}"
        shutil.copytree(site, copy, ignore=shutil.ignore_patterns("public", ".build", ".git", ".venv*", "dist", "Tests",
                                                                    "Sources", "docs"))
        for other, paths in pages.items():
            if other != page:
                for path in paths:
                    (copy / "content" / path.name).unlink()
        without_experiments(copy / "paywall.yml", page)
        status, errors = build(binary, copy, copy / "public", 2, True)
        if status != 0:
            report.result("alone", f"{name}/{page}", [f"the site with only this store page does not build: {errors}"])
            continue
        mine = lambda path: (path.startswith(f"{page}/")
                             or re.match(rf"[^/]+/{re.escape(page)}(\+[^/]+)?/", path) is not None)
        alone = snapshot(copy / "public", mine)
        together = {path: data for path, data in whole.items() if mine(path)}
        report.result("alone", f"{name}/{page}", differences(alone, together, normalized) if alone else ["no file"],
                      f"{len(alone)} files")


def main(argv):
    if len(argv) < 3:
        print("usage: python3 -m paywall_e2e.memo_oracle PAYWALL_BINARY SITE…", file=sys.stderr)
        return 64
    binary = str(pathlib.Path(argv[1]).resolve())
    report = Report(width=7, shown=8, fail_notes=False)
    for site in argv[2:]:
        with temporary() as work:
            path = pathlib.Path(site).resolve()
            oracle(report, binary, path, work, path.name if site not in (".", "./") else "example")
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
