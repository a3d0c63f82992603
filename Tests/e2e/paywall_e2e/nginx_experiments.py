"""python3 -m paywall_e2e.nginx_experiments PAYWALL_BINARY: the printed nginx block of a site with an experiment
(experiments.py's: the example with a holdout, below /subscribe/) on a real nginx (nginx.py's way: Debian's
nginx-light, a temporary prefix, 127.0.0.1 on a free port, stopped at the end), held to experiments.json by
experiments.py's checks: 2,000 user IDs twice each, their shares, 2,000 visitors assigned by the cookie nginx sets
once, the language of NAME/, the caching headers. Prints one line per check and `N passed, M failed` last."""
import http.client
import json
import os
import socket
import subprocess
import sys
import time

from . import experiments
from .nginx import free_port, nginx_binary, nginx_command, nginx_conf, worker_user
from .report import Report
from .workspace import copy_example, run, temporary


def main(argv):
    binary = os.path.abspath(argv[1])
    report = Report()
    nginx = nginx_binary()
    if nginx is None:
        report.check("nginx is installed (scripts/install-test-deps.sh installs nginx-light)", False)
        return report.summary()
    for weights in (None, "control: 33.33, off: 0, annual: 66.67"):
        with temporary("paywall-nginx-exp-") as work:
            serve_and_check(report, binary, nginx, work, weights)
    return report.summary()


def serve_and_check(report, binary, nginx, work, weights):
    """The site with `weights` (None: experiments.py's, with a holdout; else bounds only) on nginx, checked."""
    os.chmod(work, 0o755)
    site = copy_example(work / "site")
    experiments.make_site(site, weights=weights)
    if weights:
        (site / "content" / "plus+off.md").write_text(experiments.VARIANT, encoding="utf-8")
    output = work / "public"
    build = run(binary, "build", site, "-o", output, "--quiet", timeout=60)
    report.check(f"the example with an experiment builds ({weights or 'a holdout'})", build.returncode == 0,
                 build.stderr)
    for folder, _, _ in os.walk(work):
        os.chmod(folder, 0o755)
    port = free_port()
    printed = run(binary, "hosting", "nginx", site, "-o", output, "--host", "127.0.0.1", "--port", port,
                  timeout=60)
    report.check("paywall hosting nginx prints a block with split_clients",
                 printed.returncode == 0 and "split_clients" in printed.stdout, printed.stderr)
    (work / "paywall.conf").write_text(printed.stdout, encoding="utf-8")
    os.makedirs(work / "nginx-temp", mode=0o777)
    (work / "nginx.conf").write_text(nginx_conf(str(work), str(work / "paywall.conf"), worker_user()),
                                     encoding="utf-8")
    test = subprocess.run(nginx_command(nginx, str(work), "nginx.conf", "-t"), capture_output=True, text=True,
                          timeout=20)
    report.check("nginx accepts the printed block", test.returncode == 0, test.stderr)
    server = subprocess.Popen(nginx_command(nginx, str(work), "nginx.conf"), stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    try:
        ready, start_by = False, time.monotonic() + 10
        while time.monotonic() < start_by and server.poll() is None and not ready:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    ready = True
            except OSError:
                time.sleep(0.1)
        report.check(f"nginx listens on 127.0.0.1:{port}", ready,
                     server.stderr.read() if server.poll() is not None else "timed out")
        if not ready:
            return
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

        def client(target, cookie, accept_language):
            headers = {"Host": "birdsong.example.com"}
            if cookie:
                headers["Cookie"] = cookie
            if accept_language:
                headers["Accept-Language"] = accept_language
            connection.request("GET", target, headers=headers)
            response = connection.getresponse()
            body = response.read().decode("utf-8", "replace")
            names = {name.lower(): value for name, value in response.getheaders()
                     if name.lower() != "set-cookie"}
            meta = experiments.META.search(body)
            return (response.status, names, response.headers.get_all("Set-Cookie") or [],
                    meta.group(1) if meta else None)

        manifest = json.loads((output / "experiments.json").read_text(encoding="utf-8"))
        if weights:
            experiments.check_bounds(report, f"nginx {weights}", client, manifest)
            return
        experiments.check(report, "nginx", client, manifest)
        status, headers, cookies, meta = client("/subscribe/en-US/membership/", None, None)
        report.check("nginx: another page sets no cookie and keeps its caching",
                     status == 200 and not cookies and headers.get("cache-control") == "no-cache",
                     f"{status} {cookies} {headers.get('cache-control')}")
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
