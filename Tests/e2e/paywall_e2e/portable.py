"""The portable paths (PAYWALL_PORTABLE=1: what macOS runs, on Linux) against the normal ones: three builds of one
output (moved into place, swapped, rebuilt from the spare after an edit) and a `serve` edit, each run both ways on
copies of the example site, must give the same bytes. Where /proc shows it, checks that the portable `serve` watches
without inotify and the normal one with it, so that the second run really took the other path.
Usage: python3 -m paywall_e2e.portable PAYWALL_BINARY. Prints one line per test and `N passed, M failed` last."""
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request

from .report import Report
from .workspace import copy_example, run, temporary

PAGE = "en-US/membership/index.html"
EDIT = "\nA paragraph added while serving.\n"


def environment(portable):
    env = {k: v for k, v in os.environ.items() if k != "PAYWALL_PORTABLE"}
    if portable:
        env["PAYWALL_PORTABLE"] = "1"
    return env


def contents(folder):
    """Every file below `folder` by relative path, with its bytes."""
    found = {}
    for directory, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(directory, name)
            with open(path, "rb") as f:
                found[os.path.relpath(path, folder)] = f.read()
    return found


def builds(binary, site, portable):
    """Three builds of site/public: the first moves its tree into place, the second swaps with it, the third
    (after an edit) rebuilds from the spare. Returns each one's exit code and output."""
    env, output, done = environment(portable), os.path.join(site, "public"), []
    for round in range(3):
        if round == 2:
            with open(os.path.join(site, "content/membership.md"), "a", encoding="utf-8") as f:
                f.write(EDIT)
        built = run(binary, "build", site, "--quiet", env=env)
        done.append((built.returncode, built.stderr, contents(output)))
    return done


def fetch(url):
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.read()


def watches_with_inotify(pid):
    """True or False from /proc/PID/fd; None where there is no /proc."""
    folder = f"/proc/{pid}/fd"
    if not os.path.isdir(folder):
        return None
    links = []
    for fd in os.listdir(folder):
        try:
            links.append(os.readlink(os.path.join(folder, fd)))
        except OSError:
            pass
    return any("inotify" in link for link in links)


def serve_edit(binary, site, portable):
    """`serve` on a free port: the page, then the page once an edit of its Markdown is rebuilt, and the output."""
    process = subprocess.Popen([binary, "serve", site, "--port", "0"], env=environment(portable),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = None
        for line in process.stdout:
            found = re.search(r"at (http://\S+/) ", line)
            if found:
                url = found.group(1)
                break
        if url is None:
            return None, None, None, None, process.stderr.read()
        inotify = watches_with_inotify(process.pid)
        before = fetch(url + "en-US/membership/")
        time.sleep(0.3)   # a change in the same instant as the first build could share its timestamp
        with open(os.path.join(site, "content/membership.md"), "a", encoding="utf-8") as f:
            f.write(EDIT)
        after, deadline = before, time.monotonic() + 15
        while after == before and time.monotonic() < deadline:
            time.sleep(0.1)
            after = fetch(url + "en-US/membership/")
        return before, after, contents(os.path.join(site, "public")), inotify, ""
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def main():
    binary = os.path.abspath(sys.argv[1])
    report = Report()
    with temporary("paywall-portable-") as work:
        normal = builds(binary, copy_example(os.path.join(work, "normal")), portable=False)
        portable = builds(binary, copy_example(os.path.join(work, "portable")), portable=True)
        for round, name in enumerate(["a first build (moved into place)", "a second build (swapped in)",
                                      "a build after an edit (from the spare)"]):
            (code, err, tree), (pcode, perr, ptree) = normal[round], portable[round]
            report.check(f"portable: {name} succeeds both ways", code == 0 and pcode == 0, err + perr)
            differ = sorted(set(tree) ^ set(ptree)) + sorted(f for f in set(tree) & set(ptree) if tree[f] != ptree[f])
            report.check(f"portable: {name} is byte-identical to the normal one ({len(tree)} files)",
                         tree and not differ, f"differ: {differ[:5]}")
        report.check("portable: the edit reached the page", EDIT.strip().encode() in portable[2][2].get(PAGE, b""))

        served = serve_edit(binary, copy_example(os.path.join(work, "serve-normal")), portable=False)
        pserved = serve_edit(binary, copy_example(os.path.join(work, "serve-portable")), portable=True)
        report.check("portable: serve starts both ways", served[0] is not None and pserved[0] is not None,
                     served[4] + pserved[4])
        if served[0] is not None and pserved[0] is not None:
            report.check("portable: serve rebuilds an edited page",
                         EDIT.strip().encode() in pserved[1] and pserved[1] != pserved[0])
            report.check("portable: the served page, before and after the edit, is byte-identical to the normal "
                         "serve's", served[0] == pserved[0] and served[1] == pserved[1])
            report.check("portable: serve's output after the edit is byte-identical to the normal serve's",
                         served[2] and served[2] == pserved[2], str(sorted(set(served[2]) ^ set(pserved[2]))[:5]))
            if served[3] is None:
                print("SKIP  which watcher serve uses: no /proc")
            else:
                report.check("portable: the normal serve watches with inotify, the portable one only polls",
                             served[3] is True and pserved[3] is False, f"normal {served[3]}, portable {pserved[3]}")
    return report.summary()


if __name__ == "__main__":
    sys.exit(main())
