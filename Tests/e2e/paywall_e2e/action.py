"""python3 -m paywall_e2e.action TARBALL SITE: the GitHub Action (action.yml) run as a runner runs it, against a
loopback server.

Its two steps' scripts are run with the variables a runner sets (RUNNER_OS, RUNNER_TEMP, GITHUB_PATH, GITHUB_OUTPUT,
GITHUB_ACTIONS), the release served from dist/ in the layout of GitHub's release downloads on 127.0.0.1: the
tarball is fetched and checked, the site is built with it, and a tarball that does not match its .sha256 is refused.
Prints `N passed, M failed`.
"""
import os
import pathlib
import shutil
import subprocess
import sys

import yaml

from .report import Report
from .server import serve
from .workspace import REPO, temporary


def run_step(step, env):
    return subprocess.run(["bash", "-c", step["run"]], env=env, capture_output=True, text=True, timeout=120)


def main(argv):
    tarball, site = pathlib.Path(argv[1]).resolve(), pathlib.Path(argv[2]).resolve()
    version = tarball.name.removeprefix("paywall-").split("-linux-")[0]
    steps = yaml.safe_load((REPO / "action.yml").read_text())["runs"]["steps"]
    report = Report()

    def check(name, ok, detail=""):
        report.check(name, ok, detail, separator=": ")

    with temporary() as work:
        releases = work / "releases" / "owner/paywall/releases/download" / f"v{version}"
        releases.mkdir(parents=True)
        for file in (tarball, tarball.with_name(tarball.name + ".sha256")):
            shutil.copy(file, releases)
        server = serve(work / "releases")
        try:
            def runner(name):
                temp = work / name
                temp.mkdir()
                (temp / "path").touch()
                (temp / "output").touch()
                return temp, dict(os.environ, RUNNER_OS="Linux", RUNNER_TEMP=str(temp),
                                  GITHUB_PATH=str(temp / "path"), GITHUB_OUTPUT=str(temp / "output"),
                                  GITHUB_ACTIONS="true", REPOSITORY="owner/paywall", VERSION=version, GH_TOKEN="",
                                  PAYWALL_RELEASES=f"http://127.0.0.1:{server.server_port}")

            temp, env = runner("good")
            fetched = run_step(steps[0], env)
            check("the action fetches the release and checks its SHA-256",
                  fetched.returncode == 0 and "OK" in fetched.stdout, fetched.stdout + fetched.stderr)
            added = (temp / "path").read_text().strip()
            check("it puts paywall on the runner's PATH", (pathlib.Path(added) / "paywall").is_file(), added)
            copy = work / "site"
            shutil.copytree(site, copy, ignore=shutil.ignore_patterns("public", ".build", ".venv-e2e", "dist", ".git",
                                                                       "Tests", "Sources", "docs", "scripts",
                                                                       ".public.*"))
            env.update(PATH=added + os.pathsep + env["PATH"], SITE=str(copy), OUTPUT="", ARGS="--quiet")
            built = run_step(steps[1], env)
            check("it builds the site into SITE/public",
                  built.returncode == 0 and (copy / "public" / "index.html").is_file(), built.stdout + built.stderr)
            check("it names the output folder as a step output",
                  f"output={copy}/public" in (temp / "output").read_text())
            (copy / "content" / "broken.md").write_text("---\ntitle: Broken\ngroupID: no.such.group\n---\nx\n")
            broken = run_step(steps[1], env)
            check("an error fails the step with an ::error annotation",
                  broken.returncode != 0 and "::error file=" in broken.stdout + broken.stderr,
                  broken.stdout + broken.stderr)

            temp, env = runner("tampered")
            with open(releases / tarball.name, "ab") as file:
                file.write(b"\0")
            tampered = run_step(steps[0], env)
            check("a tarball that does not match its .sha256 is refused", tampered.returncode != 0, tampered.stdout)
        finally:
            server.shutdown()
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
