"""The layout checks: responsive (no horizontal scroll at any width but inside a carousel) and tables (a Markdown
table scrolls in a focusable, labelled region; the plan comparison fits its column; no empty header cell)."""

from ..browser import set_width

RESPONSIVE_WIDTHS = (320, 390, 768, 1440)

OVERFLOW_SCRIPT = """
const width = window.innerWidth, root = document.documentElement;
const scrollWidth = root.scrollWidth;
if (scrollWidth <= width) return {scrollWidth, offenders: [], inCarousel: 0};
const describe = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    [...el.classList].map(c => '.' + c).join('') +
    (el.hasAttribute('data-carousel') ? '[data-carousel]' : '');
const offenders = []; let inCarousel = 0;
for (const el of document.body ? document.body.querySelectorAll('*') : []) {
  const box = el.getBoundingClientRect();
  if (box.width === 0 || (box.right <= width + 0.5 && box.left >= -0.5)) continue;
  const carousel = el.closest('[data-carousel]');
  if (carousel && carousel !== el) { inCarousel++; continue; }
  if (offenders.some(o => o.el.contains(el))) continue;
  const span = `x=${Math.round(box.left)}..${Math.round(box.right)}`;
  offenders.push({el, text: `${describe(el)} spans ${span}`});
}
return {scrollWidth, offenders: offenders.slice(0, 5).map(o => o.text), inCarousel};
"""


def check_responsive(report, driver, name):
    """On the page already loaded: no horizontal scroll at any of RESPONSIVE_WIDTHS."""
    problems, notes = [], []
    for width in RESPONSIVE_WIDTHS:
        set_width(driver, width)
        found = driver.execute_script(OVERFLOW_SCRIPT)
        if found["scrollWidth"] <= width:
            continue
        if not found["offenders"] and found["inCarousel"]:
            notes.append(f"{width}px: overflow only inside [data-carousel]")
            continue
        problems.append(f"{width}px: scrollWidth {found['scrollWidth']} > innerWidth {width}"
                        + "".join(f"\n        {text}" for text in found["offenders"]))
    report.result("responsive", name, problems, "; ".join(notes))


TABLES_SCRIPT = """
const problems = [];
for (const table of document.querySelectorAll('table')) {
  const box = table.closest('.table-scroll, .features');
  if (!box) { problems.push('a <table> outside a .table-scroll region or .features'); continue; }
  if (box.classList.contains('table-scroll')) {
    if (box.getAttribute('role') !== 'region' || box.getAttribute('tabindex') !== '0'
        || !box.getAttribute('aria-label'))
      problems.push('a .table-scroll is not a focusable, labelled region');
  } else if (box.scrollWidth > box.clientWidth + 1) {
    problems.push(`the plan comparison is ${box.scrollWidth}px wide in a ${box.clientWidth}px column`);
  }
  for (const th of table.querySelectorAll('th'))
    if (!th.textContent.trim()) problems.push('an empty <th>');
}
return {count: document.querySelectorAll('table').length, problems};
"""


def check_tables(report, driver, name):
    """On the page already loaded: every table scrolls in its own labelled region, or is the plan
    comparison and fits the column at every width; no header cell is empty."""
    problems, count = [], 0
    for width in RESPONSIVE_WIDTHS:
        set_width(driver, width)
        found = driver.execute_script(TABLES_SCRIPT)
        count = found["count"]
        problems += [f"{width}px: {problem}" for problem in found["problems"]]
    if count:
        report.result("tables", name, sorted(set(problems)), f"{count} table(s)")
