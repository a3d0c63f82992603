"""The end of `make bench` (scripts/bench.py): each goal met or MISSED, a previous run's figures beside this
run's (--baseline), and the figures kept as JSON for a later run (--json)."""
import json, sys, time

# (figure, what it is, how it prints); lower is better for every one.
FIGURES = [
    ("ratio", "paywall / Hugo, 2,000 pages", "{:.2f}"),
    ("against_reference", "paywall / reference, 2,000 pages", "{:.2f}"),
    ("reference_ratio", "reference / Hugo, 2,000 pages", "{:.2f}"),
    ("paywall_s", "paywall, 2,000 pages (median)", "{:.2f} s"),
    ("paywall_cpu_s", "paywall CPU, 2,000 pages", "{:.2f} s"),
    ("paywall_rss_mib", "paywall peak RSS, 2,000 pages", "{:.0f} MiB"),
    ("reference_s", "reference, 2,000 pages (median)", "{:.2f} s"),
    ("hugo_s", "Hugo, 2,000 pages (median)", "{:.2f} s"),
    ("scale200_s", "scaling: 200 pages (best)", "{:.2f} s"),
    ("scale2000_s", "scaling: 2,000 pages (best)", "{:.2f} s"),
    ("scale20000_s", "scaling: 20,000 pages (best)", "{:.2f} s"),
    ("scaling_ratio", "t(20000) / t(2000)", "{:.1f}"),
    ("scale2000_rss_mib", "peak RSS, 2,000 pages", "{:.0f} MiB"),
    ("scale20000_rss_mib", "peak RSS, 20,000 pages", "{:.0f} MiB"),
    ("memory_growth", "RSS(20000) / RSS(2000)", "{:.1f}"),
    ("cold_ms", "one-page cold build", "{:.1f} ms"),
    ("serve_ms", "serve, save -> reload", "{:.0f} ms"),
    ("serve_rebuild_ms", "serve rebuild as logged", "{:.0f} ms"),
]
# What --baseline flags when worse: the ratios and paywall's peak memories (times alone vary with the machine's load).
FLAGGED = {"ratio", "scaling_ratio", "memory_growth", "paywall_rss_mib", "scale2000_rss_mib", "scale20000_rss_mib"}
GOALS = [("ratio", "ratio to Hugo on 2,000 pages", 0.25), ("scaling_ratio", "t(20000)/t(2000)", 10),
         ("cold_ms", "one-page cold build (ms)", 15), ("serve_ms", "serve save -> reload (ms)", 100)]


def shown(key, value):
    return next(form for name, _, form in FIGURES if name == key).format(value)


def goals(figures):
    """One line per goal: met, MISSED, or why it was not measured."""
    for key, name, goal in GOALS:
        if key not in figures:
            why = {"ratio": "Hugo did not run", "scaling_ratio": "--quick has no 20,000-page site"}.get(key, "it did not run")
            print(f"bench: goal  {name} <= {goal}: not measured: {why}")
        else:
            value = float(shown(key, figures[key]).split()[0])  # as printed, so a figure shown at the goal meets it
            print(f"bench: goal  {name} <= {goal}: {shown(key, figures[key])}  {'met' if value <= goal else 'MISSED'}")


def against(baseline, figures):
    """This run beside a previous one, with each change; a ratio or peak memory that is worse as printed is flagged."""
    print(f"bench: against the baseline {baseline['binary']} ({baseline['date']}{', --quick' if baseline.get('quick') else ''})")
    print(f"bench: {'':<32} {'baseline':>10} -> this run")
    worse = 0
    for key, name, _ in FIGURES:
        before, now = baseline["figures"].get(key), figures.get(key)
        if before is None and now is None:
            continue
        old, new = (shown(key, v) if v is not None else "-" for v in (before, now))
        flag = ""
        if before is not None and now is not None:
            flag = f"  ({(now - before) / before:+.0%})" if before else ""
            if key in FLAGGED and float(new.split()[0]) > float(old.split()[0]):
                flag = "  WORSE" + flag
                worse += 1
        print(f"bench: {name:<32} {old:>10} -> {new:<10}{flag}")
    print(f"bench: {worse} ratio{'' if worse == 1 else 's'} or peak memor{'y' if worse == 1 else 'ies'} worse than the baseline")




def read_baseline(path):
    """A previous run's --json, or exit: a baseline asked for and not readable means the comparison cannot run."""
    try:
        with open(path) as f:
            baseline = json.load(f)
        baseline["figures"].items()
        return baseline
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        sys.exit(f"bench: cannot read the baseline {path}: {error} (write one with --json FILE)")


def write_figures(path, binary, quick, figures):
    with open(path, "w") as f:
        json.dump({"binary": binary, "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "quick": quick,
                   "figures": figures}, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"bench: figures written to {path}")
