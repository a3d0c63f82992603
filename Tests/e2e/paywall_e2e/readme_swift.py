"""python3 -m paywall_e2e.readme_swift PAYWALL_BINARY: the README's Experiments section's Swift, compiled with
swiftc and run: its assignment (murmurHash2, variant(for:)) reads the experiments.json of a built site and must
give 2,000 user IDs the variants experiments.py's own MurmurHash2 (written again from nginx's C) gives them; its
usage example is compiled too (with stubs for the app's analytics and openURL). Skipped without swiftc. Prints one
line per check and `N passed, M failed` last."""
import json
import re
import shutil
import subprocess
import sys

from . import experiments
from .report import Report
from .workspace import REPO, copy_example, run, temporary

HARNESS = """
struct Analytics { func log(_ name: String, _ values: [String: String]) {} }
let analytics = Analytics()
func openURL(_ url: URL) {}
func example() throws {
%s
}
let manifest = try JSONDecoder().decode(PaywallExperiments.self,
                                        from: try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])))
for line in try String(contentsOfFile: CommandLine.arguments[2], encoding: .utf8).split(separator: "\\n") {
    let unit = String(line)
    print(manifest.experiments.map { "\\($0.id) \\(unit) \\($0.variant(for: unit)?.name ?? "-")" }.joined(separator: "\\n"))
}
"""


def main(argv):
    binary = argv[1]
    report = Report()
    swiftc = shutil.which("swiftc")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Experiments"):]
    blocks = re.findall(r"```swift\n(.*?)```", section[:section.index("\n## ", 3)], re.S)
    report.check("the README's Experiments section has its two Swift blocks", len(blocks) == 2, len(blocks))
    if swiftc is None or len(blocks) != 2:
        print("SKIP  no swiftc on PATH" if swiftc is None else "")
        return report.summary()
    with temporary() as work:
        site = copy_example(work / "site")
        experiments.make_site(site)
        built = run(binary, "build", site, "-o", work / "public", "--quiet")
        report.check("the example with an experiment builds", built.returncode == 0, built.stderr)
        source = work / "main.swift"
        source.write_text(blocks[0] + HARNESS % blocks[1], encoding="utf-8")
        compiled = subprocess.run([swiftc, "-o", str(work / "assign"), str(source)], capture_output=True, text=True)
        report.check("the README's Swift compiles (swiftc)", compiled.returncode == 0, compiled.stderr[-2000:])
        if compiled.returncode != 0 or built.returncode != 0:
            return report.summary()
        units = [f"user-{index}" for index in range(2000)] + ["", "é", "$RCAnonymousID:0a1b", "abc", "abcd"]
        (work / "units.txt").write_text("\n".join(units) + "\n", encoding="utf-8")
        output = subprocess.run([str(work / "assign"), str(work / "public" / "experiments.json"),
                                 str(work / "units.txt")], capture_output=True, text=True)
        manifest = json.loads((work / "public" / "experiments.json").read_text(encoding="utf-8"))
        experiment = manifest["experiments"][0]
        got = [line.split(" ") for line in output.stdout.splitlines()]
        wrong = [f"{unit}: {variant}, want {experiments.expected(experiment, unit)['name']}"
                 for _, unit, variant in (g for g in got if len(g) == 3)
                 if variant != experiments.expected(experiment, unit)["name"]]
        report.problems("the README's assignment gives 2,000 IDs the variants experiments.json's ranges give",
                        wrong[:10] + ([] if len(got) >= 2000 else [f"{len(got)} lines: {output.stderr[-500:]}"]),
                        f"{len(wrong)} mismatches")
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
