"""The PASS/FAIL tally every part prints, and its closing `N passed, M failed` line (run-all.sh adds those up)."""

import dataclasses
import sys
import time


@dataclasses.dataclass
class Report:
    """Counts and prints results: `PASS  TEXT` or `FAIL  TEXT`, a note in parentheses, problems indented below.

    width: the check column of result(); shown: how many problems a FAIL lists (0: all); fail_notes: whether a
    FAIL line keeps its note."""
    width: int = 15
    shown: int = 0
    fail_notes: bool = True
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    seconds: dict = dataclasses.field(default_factory=dict)

    def count(self, ok):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        return ok

    def line(self, ok, text, problems=(), note=""):
        """One result line, its note (in parentheses) and the problems under it."""
        self.count(ok)
        suffix = f"  ({note})" if note and (ok or self.fail_notes) else ""
        print(f"{'PASS' if ok else 'FAIL'}  {text}{suffix}")
        for problem in problems[:self.shown] if self.shown else problems:
            print(f"      {problem}")
        sys.stdout.flush()

    def result(self, check, page, problems, note=""):
        """One (check, page): passed when there is no problem."""
        self.line(not problems, f"{check:<{self.width}} {page}", problems, note)

    def problems(self, name, problems, note=""):
        """One named check: passed when there is no problem."""
        self.line(not problems, name, problems, note)

    def check(self, name, condition, detail="", separator="  "):
        """One named test: passed when `condition` holds; a FAIL line ends with the detail."""
        ok = self.count(bool(condition))
        print(f"PASS  {name}" if ok else f"FAIL  {name}{separator}{detail}")

    def skip(self, check, page, reason):
        self.skipped += 1
        print(f"SKIP  {check:<{self.width}} {page}  ({reason})")

    def timed(self, name, start):
        self.seconds[name] = self.seconds.get(name, 0.0) + time.monotonic() - start

    def summary(self):
        """Prints the timings and skips (if any) and the closing line; the exit status."""
        if self.seconds:
            print("timing: " + ", ".join(f"{name} {secs:.1f}s"
                                         for name, secs in self.seconds.items()))
        if self.skipped:
            print(f"skipped: {self.skipped} (check not applicable to the page)")
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0


def usage(text):
    """A bad command line: the usage on stderr, a failed closing line; exit status 2."""
    print(f"usage: {text}", file=sys.stderr)
    print("0 passed, 1 failed")
    return 2
