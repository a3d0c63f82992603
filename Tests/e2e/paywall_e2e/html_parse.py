"""Reading generated pages without a browser: what the static checks need from a page, every start tag, and the
Content-Security-Policy helpers (which scripts a policy allows, the hash source of a script)."""

import base64
import hashlib
import html.parser

URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "poster", "cite", "data"})
ALLOWED_SCHEMES = frozenset({"", "https"})
UNSAFE_SOURCES = {"'unsafe-inline'", "'unsafe-hashes'", "'unsafe-eval'", "'self'", "*", "https:", "http:", "data:",
                  "blob:"}


class PageParser(html.parser.HTMLParser):
    """Collects what the static checks need from one page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.html_attrs = {}
        self.h1_count = 0
        self.title = None
        self.in_title = False
        self.csp = []          # content of each <meta http-equiv=Content-Security-Policy>
        self.urls = []         # (line, col, tag, attribute, value)
        self.handlers = []     # (line, col, tag, attribute)
        self.meta = {}         # <meta property|name=K content=V>: K → [V, …] (Open Graph, X, the Smart App Banner)
        self.canonical = None
        self.body_classes = []

    def handle_starttag(self, tag, attrs):
        line, col = self.getpos()
        attrs = [(name.lower(), value or "") for name, value in attrs]
        values = dict(attrs)
        if tag == "html":
            self.html_attrs = values
        elif tag == "h1":
            self.h1_count += 1
        elif tag == "title" and self.title is None:
            self.title, self.in_title = "", True
        elif tag == "body":
            self.body_classes = values.get("class", "").split()
        elif tag == "link" and values.get("rel") == "canonical":
            self.canonical = values.get("href")
        elif tag == "meta":
            key = values.get("property") or values.get("name")
            if key:
                self.meta.setdefault(key, []).append(values.get("content", ""))
            equiv = values.get("http-equiv", "").lower()
            if equiv == "content-security-policy":
                self.csp.append(values.get("content", ""))
            elif equiv == "refresh" and "url=" in values.get("content", "").lower():
                target = values["content"].split("=", 1)[1].strip().strip("'\"")
                self.urls.append((line, col + 1, tag, "http-equiv=refresh", target))
        for name, value in attrs:
            if name.startswith("on"):
                self.handlers.append((line, col + 1, tag, name))
            elif name in URL_ATTRIBUTES:
                self.urls.append((line, col + 1, tag, name, value))
            elif name in ("srcset", "imagesrcset"):
                for candidate in value.split(","):
                    if candidate.strip():
                        self.urls.append((line, col + 1, tag, name, candidate.split()[0]))

    def handle_endtag(self, tag):
        if tag == "title":
            self.in_title = False

    def handle_data(self, data):
        if self.in_title:
            self.title += data


def parse_page(path):
    """The text of the page at `path` and its PageParser."""
    text = path.read_text(encoding="utf-8", errors="replace")
    parser = PageParser()
    parser.feed(text)
    parser.close()
    return text, parser


class StartTags(html.parser.HTMLParser):
    """Collects (tag, attrs) of every start tag."""
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def start_tags(path):
    """[(tag, {attribute: value})] of every start tag of the page at `path`, in order."""
    parser = StartTags()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    return parser.tags


def directives(policy, lower=False):
    """{directive: [its sources]} of a policy; the first of a repeated directive counts."""
    found = {}
    for directive in policy.split(";"):
        parts = directive.strip().split()
        if parts:
            found.setdefault(parts[0].lower(), [v.lower() for v in parts[1:]] if lower else parts[1:])
    return found


def effective(found, *names):
    """The sources of the first of `names` (a directive and its CSP3 fallbacks) that the policy has, or None."""
    return next((found[name] for name in names if name in found), None)


def csp_blocks_scripts(policy):
    """True when the policy allows no script element and no inline handler (CSP3 fallbacks)."""
    found = directives(policy, lower=True)
    elements = effective(found, "script-src-elem", "script-src", "default-src")
    attributes = effective(found, "script-src-attr", "script-src", "default-src")
    return elements == ["'none'"] and attributes == ["'none'"]


def csp_allows_only(policy, source):
    """True when the policy allows exactly one script, by `source` ('sha256-…'), and no inline handler."""
    found = directives(policy)
    elements = effective(found, "script-src-elem", "script-src", "default-src")
    attributes = effective(found, "script-src-attr", "script-src", "default-src")
    return (elements == [f"'{source}'"] and attributes is not None
            and not UNSAFE_SOURCES.intersection(v.lower() for v in attributes))


def script_digest(source):
    """The CSP hash source ('sha256-…') that allows an inline script whose text is `source`."""
    return "sha256-" + base64.b64encode(hashlib.sha256(source.encode("utf-8")).digest()).decode()
