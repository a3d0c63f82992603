"""python3 -m paywall_e2e.action TARBALL SITE: the GitHub Action (action.yml) run as a runner runs it, against a
loopback server, and every workflow the project ships or shows checked by actionlint.

The action's steps are run in order as a runner would: each `run:` script with the variables a runner sets
(RUNNER_OS, RUNNER_TEMP, RUNNER_TOOL_CACHE, GITHUB_ACTION_PATH, GITHUB_PATH, GITHUB_OUTPUT, GITHUB_ACTIONS), its
`env:` and `if:` expressions evaluated from the inputs and the earlier steps' outputs, GITHUB_PATH added to PATH
for the next steps. `uses:` steps (actions/cache) are not run: the cache folder they restore is the one the build
step fills, and a second run finds it there. GITHUB_ACTION_PATH is `_actions/owner/paywall/v1`, as the runner
checks an action out, linked to this repository. Releases are served from a folder in the layout of GitHub's
release downloads and its API on 127.0.0.1. Prints `N passed, M failed`.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys

import yaml

from .report import Report
from .server import serve
from .workspace import REPO, temporary

ACTION = yaml.safe_load((REPO / "action.yml").read_text())
EXPRESSION = re.compile(r"\$\{\{\s*([A-Za-z_.-]+)\s*\}\}")


class Runner:
    """One job's run of the action: its inputs, the steps' outputs, the PATH they added."""

    def __init__(self, work, name, inputs, env):
        self.temp = work / name
        self.temp.mkdir()
        self.context = {f"inputs.{key}": str(spec.get("default", "")) for key, spec in ACTION["inputs"].items()}
        self.context.update({f"inputs.{key}": value for key, value in inputs.items()})
        self.context["github.token"] = ""
        self.env = dict(env, RUNNER_OS="Linux", RUNNER_TEMP=str(self.temp), GITHUB_ACTIONS="true")
        for variable in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS"):   # a runner's shell is not inside make test's make
            self.env.pop(variable, None)
        self.path = []
        self.logs = {}

    def value(self, text):
        return EXPRESSION.sub(lambda found: self.context.get(found.group(1), ""), str(text))

    def runs(self, step):
        condition = step.get("if")
        if condition is None:
            return True
        left, equals, right = condition.partition(" == ")
        assert equals and right.startswith("'") and right.endswith("'"), f"an if: this test cannot read: {condition}"
        return self.value("${{ " + left + " }}") == right[1:-1]

    def run(self):
        """Runs the steps until one fails; the last step's result."""
        result = None
        for number, step in enumerate(ACTION["runs"]["steps"]):
            if "run" not in step or not self.runs(step):
                continue
            files = {name: self.temp / f"{number}.{name}" for name in ("output", "path")}
            for file in files.values():
                file.touch()
            env = dict(self.env, GITHUB_OUTPUT=str(files["output"]), GITHUB_PATH=str(files["path"]))
            env.update({key: self.value(value) for key, value in step.get("env", {}).items()})
            env["PATH"] = os.pathsep.join(self.path + [env["PATH"]])
            result = subprocess.run(["bash", "-c", step["run"]], env=env, capture_output=True, text=True,
                                    timeout=1800, cwd=self.temp)
            self.logs[step["name"]] = result.stdout + result.stderr
            for line in files["output"].read_text().splitlines():
                key, _, value = line.partition("=")
                self.context[f"steps.{step.get('id')}.outputs.{key}"] = value
            self.path = files["path"].read_text().split() + self.path
            if result.returncode != 0:
                break
        return result

    def output(self, step, key):
        return self.context.get(f"steps.{step}.outputs.{key}", "")


def lint(report):
    """actionlint on .github/workflows, the README's workflows and one using the action as the README shows it."""
    actionlint = pathlib.Path(sys.executable).with_name("actionlint")
    if not actionlint.is_file():
        print("SKIP  actionlint (not in the venv: scripts/install-test-deps.sh installs it)")
        return
    shellcheck = shutil.which("shellcheck")
    with temporary() as project:
        subprocess.run(["git", "init", "-q", str(project)], check=True)
        workflows = project / ".github" / "workflows"
        shutil.copytree(REPO / ".github" / "workflows", workflows)
        shutil.copy(REPO / "action.yml", project / "action.yml")
        readme = re.findall(r"```yaml\n(.*?)```", (REPO / "README.md").read_text(), re.S)
        shown = [block for block in readme if "jobs:" in block]
        for number, block in enumerate(shown):
            (workflows / f"readme-{number}.yml").write_text(block.replace("OWNER/paywall@v1", "./"))
        linted = subprocess.run([str(actionlint), "-no-color"], cwd=project, capture_output=True, text=True)
        names = sorted(path.name for path in workflows.iterdir())
        report.check(f"actionlint finds nothing in {len(names)} workflows ({', '.join(names)})"
                     + ("" if shellcheck else "; shellcheck is missing, so run: scripts were not checked"),
                     linted.returncode == 0 and len(shown) >= 2, linted.stdout + linted.stderr)
    if shellcheck:
        for step in ACTION["runs"]["steps"]:
            if "run" in step:
                checked = subprocess.run([shellcheck, "-s", "bash", "-"], input=step["run"], capture_output=True,
                                         text=True)
                report.check(f"shellcheck finds nothing in the action's step '{step['name']}'",
                             checked.returncode == 0, checked.stdout)


def main(argv):
    tarball, site = pathlib.Path(argv[1]).resolve(), pathlib.Path(argv[2]).resolve()
    version = tarball.name.removeprefix("paywall-").split("-linux-")[0]
    report = Report()

    def check(name, ok, detail=""):
        report.check(name, ok, detail, separator=": ")

    lint(report)
    with temporary() as work:
        releases = work / "releases"
        downloads = releases / "owner/paywall/releases/download" / f"v{version}"
        downloads.mkdir(parents=True)
        for file in (tarball, tarball.with_name(tarball.name + ".sha256")):
            shutil.copy(file, downloads)
        latest = releases / "repos/owner/paywall/releases/latest"
        latest.parent.mkdir(parents=True)
        latest.write_text(f'{{"tag_name": "v{version}"}}')
        action_path = work / "_actions/owner/paywall/v1"
        action_path.parent.mkdir(parents=True)
        action_path.symlink_to(REPO)
        server = serve(releases)
        address = f"http://127.0.0.1:{server.server_port}"
        base = dict(os.environ, GITHUB_ACTION_PATH=str(action_path), RUNNER_TOOL_CACHE=str(work / "tool-cache"),
                    PAYWALL_RELEASES=address, PAYWALL_RELEASES_API=address)
        copy = work / "site"
        shutil.copytree(site, copy, ignore=shutil.ignore_patterns("public", ".build", ".venv-e2e", "dist", ".git",
                                                                   "Tests", "Sources", "docs", "scripts",
                                                                   ".public.*"))
        try:
            runner = Runner(work, "latest", {"site": str(copy), "args": "--quiet"}, base)
            built = runner.run()
            log = runner.logs["Fetch paywall"]
            check("version latest: the action finds the newest release of the repository it was taken from "
                  "(_actions/owner/paywall/v1), fetches it and checks its SHA-256",
                  f"paywall-{version}-linux-x86_64.tar.gz: OK" in log and runner.output("fetch", "source") == "false",
                  log)
            check("it puts paywall on the runner's PATH", runner.path and (pathlib.Path(runner.path[0]) / "paywall")
                  .is_file(), runner.path)
            check("it builds the site into SITE/public with the release binary",
                  built.returncode == 0 and (copy / "public" / "index.html").is_file()
                  and "Build paywall from source" not in runner.logs, runner.logs)
            check("it names the output folder as a step output", runner.output("build", "output") == f"{copy}/public")
            (copy / "content" / "broken.md").write_text("---\ntitle: Broken\ngroupID: no.such.group\n---\nx\n")
            broken = Runner(work, "broken", {"site": str(copy), "version": version}, base).run()
            check(f"version {version}: an error in the site fails the step with an ::error annotation",
                  broken.returncode != 0 and "::error file=" in broken.stdout + broken.stderr,
                  broken.stdout + broken.stderr)
            (copy / "content" / "broken.md").unlink()

            without = {"site": str(copy), "repository": "owner/unreleased", "args": "--quiet"}
            runner = Runner(work, "source", without, base)
            first = runner.run()
            log = runner.logs.get("Build paywall from source", "")
            cache = pathlib.Path(runner.output("fetch", "cache"))
            check("a repository with no release: the action builds paywall from its checkout (make build) into the "
                  "cache folder, puts it on PATH and builds the site with it",
                  first.returncode == 0 and "has no release" in runner.logs["Fetch paywall"]
                  and (cache / "paywall").is_file() and runner.path[0] == str(cache)
                  and (copy / "public" / "index.html").is_file(), runner.logs)
            key = runner.output("fetch", "key")
            check("the cache key names the runner, the toolchain and the sources",
                  re.fullmatch(r"paywall-Linux-x86_64-[0-9a-f]{8}-[0-9a-f]{16}", key), key)
            stated = subprocess.run([str(cache / "paywall"), "--version"], capture_output=True, text=True).stdout
            check("the binary built from source states the version of the sources",
                  stated.split(" ")[0] == version, stated)
            runner = Runner(work, "cached", dict(without, version="source"), base)
            again = runner.run()
            log = runner.logs.get("Build paywall from source", "")
            check("version source, again: the binary comes from the cache, not from another build",
                  again.returncode == 0 and "paywall from the cache" in log and "swift build" not in log, log)

            runner = Runner(work, "bad-version", {"site": str(copy), "version": "1.0\n::stop-commands::x"}, base)
            refused = runner.run()
            log = runner.logs["Fetch paywall"]
            check("a version that is not a release is refused, shown without a workflow command",
                  refused.returncode != 0 and "is not a release" in log and "\n::stop-commands" not in log, log)

            with open(downloads / tarball.name, "ab") as file:
                file.write(b"\0")
            runner = Runner(work, "tampered", {"site": str(copy), "version": version}, base)
            tampered = runner.run()
            check("a tarball that does not match its .sha256 is refused, not replaced by a build from source",
                  tampered.returncode != 0 and "Build paywall from source" not in runner.logs, runner.logs)
        finally:
            server.shutdown()
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
