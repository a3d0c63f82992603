"""The axe check: axe-core (WCAG 2.0/2.1/2.2 A and AA tags) reports no violation, at a phone's and a desktop's
width, in both emulated colour schemes."""

from ..browser import set_color_scheme, set_width

AXE_WIDTHS = (390, 1440)       # a phone and a desktop layout
COLOR_SCHEMES = ("light", "dark")
AXE_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
MAX_NODES_SHOWN = 5


def check_axe(report, driver, name, axe_js):
    """On the page just loaded: injects axe-core, runs it per color scheme at AXE_WIDTHS."""
    driver.execute_script(axe_js)
    options = {"runOnly": {"type": "tag", "values": list(AXE_TAGS)}}
    for scheme in COLOR_SCHEMES:
        set_color_scheme(driver, scheme)
        problems, seen, review = [], set(), set()
        for width in AXE_WIDTHS:
            set_width(driver, width)
            outcome = driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                axe.run(document, arguments[0])
                   .then(r => done({violations: r.violations,
                                    incomplete: r.incomplete.map(i => i.id)}))
                   .catch(e => done({error: String(e)}));""", options)
            if "error" in outcome:
                problems.append(f"{width}px: axe.run failed: {outcome['error']}")
                continue
            review.update(outcome["incomplete"])
            for violation in outcome["violations"]:
                nodes = [node for node in violation["nodes"]
                         if (violation["id"], str(node["target"])) not in seen]
                if not nodes:
                    continue  # already reported at a previous width
                seen.update((violation["id"], str(node["target"])) for node in nodes)
                problems.append(f"{violation['id']} ({violation.get('impact')}) at {width}px: "
                                f"{violation['help']} [{len(nodes)} element(s)]")
                for node in nodes[:MAX_NODES_SHOWN]:
                    detail = "; ".join(check["message"] for check in node.get("any", [])
                                       + node.get("all", []) if check.get("message"))
                    problems.append(f"    {' '.join(map(str, node['target']))}"
                                    + (f" — {detail}" if detail else ""))
        report.result(f"axe[{scheme}]", name, problems,
                      f"needs review: {', '.join(sorted(review))}" if review else "")
    set_color_scheme(driver, "light")
