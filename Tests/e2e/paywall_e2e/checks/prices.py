"""The prices check: each option's billed price is its most prominent one (guideline 3.1.2); a monthly plan's
payments and total are shown and are one phrase of the option's spoken name."""

PRICES_SCRIPT = """
const problems = []; let options = 0, commitments = 0;
const weight = style => parseFloat(style.fontSize) * (parseInt(style.fontWeight, 10) >= 600 ? 1.2 : 1);
for (const box of document.querySelectorAll('.option-price')) {
  const billed = box.querySelector('.price');
  if (!billed) continue;
  options++;
  for (const other of box.querySelectorAll('.equivalent'))
    if (other.offsetParent && weight(getComputedStyle(other)) >= weight(getComputedStyle(billed)))
      problems.push(`"${other.textContent.trim()}" is as prominent as the billed price "${billed.textContent.trim()}"`);
  const commitment = box.querySelector('.commitment');
  if (!commitment) continue;
  commitments++;
  const id = box.closest('[data-product-id]').dataset.productId;
  const input = document.querySelector(`input.option-input[value="${CSS.escape(id)}"]`);
  const link = document.querySelector(`a.subscribe[data-product-id="${CSS.escape(id)}"] .vh`);
  const name = input ? input.getAttribute('aria-label') : (link ? link.textContent : '');
  const phrase = commitment.textContent.trim();
  if (!name.includes(billed.textContent.trim().split('/')[0].trim()) || !name.includes(phrase))
    problems.push(`the spoken name of ${id} ("${name}") does not hold its billed price and "${phrase}" whole`);
  if (!commitment.offsetParent) problems.push(`the commitment of ${id} is not shown`);
}
return {options, commitments, problems};
"""


def check_prices(report, driver, name):
    """On the page already loaded: each option's billed price is its most prominent one (guideline 3.1.2);
    a monthly plan's payments and total are shown and are one phrase of the option's spoken name."""
    found = driver.execute_script(PRICES_SCRIPT)
    if found["options"]:
        report.result("prices", name, found["problems"],
                      f"{found['options']} option(s), {found['commitments']} with a commitment"
                      if found["commitments"] else "")
