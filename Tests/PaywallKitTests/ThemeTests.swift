import Foundation
import Testing
@testable import PaywallKit

@Suite("Theme overrides and template errors")
struct ThemeTests {
    static let page = "en-US/pro/index.html"

    @Test("a site's page.mustache built with inheritance, partials, inverted sections, comments and set delimiters")
    func pageOverride() throws {
        let site = TestSite().with { site in
            site.templates["page.mustache"] = """
                {{! Keep the default layout; replace its header and footer blocks. }}
                {{<layout}}
                {{$header}}
                <header class="mine">{{>banner}}</header>
                {{/header}}
                {{$footer}}
                {{=<% %>=}}
                <footer class="mine"><%#policies%><a href="<%href%>"><%label%></a><%/policies%><%^storeButtons%> no store buttons<%/storeButtons%></footer>
                <%={{ }}=%>
                {{/footer}}
                {{/layout}}
                """
            site.templates["partials/banner.mustache"] = "<h1>{{title}}</h1><p>{{#app}}{{name}}{{/app}} · {{products.pro.yearly.pricePerMonth}}/mo</p>"
        }
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let html = try #require(TestSite.file(Self.page, of: result))
        #expect(html.contains(#"<header class="mine"><h1>Birdwatch Pro</h1><p>Birdwatch · $4.16/mo</p></header>"#))
        #expect(html.contains(#"<footer class="mine"><a href="https://example.com/terms">Terms of Service</a><a href="https://example.com/privacy">Privacy Policy</a> no store buttons</footer>"#))
        #expect(html.contains(#"<main class="store style-automatic">"#), "the main block keeps the default")
        #expect(!html.contains("Keep the default layout"), "comments are not output")
        #expect(!html.contains("store-footer"), "the default footer is replaced")
    }

    @Test("overriding one partial changes only that part of the page")
    func partialOverride() throws {
        let plain = try #require(TestSite.file(Self.page, of: TestSite().build()))
        let site = TestSite().with { $0.templates["partials/option.mustache"] = "<span class=\"mine\">{{displayName}}: {{pricePerPeriod}}</span>" }
        let result = site.build()
        let changed = try #require(TestSite.file(Self.page, of: result))
        #expect(changed.contains(#"<span class="mine">Yearly: $49.99/year</span>"#))
        // Outside the two option labels the page is the same, line for line (the stylesheet is the same too).
        let strip = { (html: String) in
            html.replacingOccurrences(of: #"(?s)<label class="option".*?</label>"#, with: "<label/>", options: .regularExpression)
        }
        #expect(strip(plain) == strip(changed))
    }

    @Test("a site's templates/NAME.mustache also resolves {{>NAME}}, and partials/NAME wins over it")
    func lookupOrder() throws {
        let site = TestSite().with { site in
            site.templates["marketing.mustache"] = "<header><h1>top-level</h1></header>"
        }
        #expect(try #require(TestSite.file(Self.page, of: site.build())).contains("<h1>top-level</h1>"))
        let both = site.with { $0.templates["partials/marketing.mustache"] = "<header><h1>partial</h1></header>" }
        let html = try #require(TestSite.file(Self.page, of: both.build()))
        #expect(html.contains("<h1>partial</h1>") && !html.contains("top-level"))
    }

    @Test("a template syntax error names the template file, line and column")
    func syntaxError() {
        let site = TestSite().with { $0.templates["partials/footer.mustache"] = "<footer>\n{{#policies}}\n<a>{{label}}</a>\n</footer>\n" }
        // Reported where the section should have closed (the end), naming where it opened.
        expectError(site.errors, "unclosed section 'policies' opened at 2:1", file: "site/templates/partials/footer.mustache", line: 5)
    }

    @Test("a misspelled name in a template is an error, not an empty price")
    func strictTemplate() {
        let site = TestSite().with { $0.templates["partials/option.mustache"] = "<span>\n  {{pricePerMonht}}</span>" }
        let error = expectError(site.errors, "no value named 'pricePerMonht'", file: "site/templates/partials/option.mustache",
                                line: 2, column: 3)
        #expect(error?.hint?.contains("paywall schema page") == true)
    }

    @Test("an unknown placeholder in marketing Markdown is an error at its line in the page")
    func unknownPlaceholder() {
        let site = TestSite().page(replacing: "Identify every bird you hear.",
                                   with: "Identify every bird.\n\nOnly {{products.pro.yearly.prise}} a year.")
        let page = site.content["pro.md"]!
        expectError(site.errors, "no value named 'products.pro.yearly.prise'", file: "site/content/pro.md",
                    line: TestSite.line(of: "prise", in: page), column: TestSite.column(of: "{{products", in: page))
    }

    @Test("a placeholder naming a product, not one of its values, is an error at its place rather than an empty price")
    func placeholderNamingAnObject() {
        let site = TestSite().page(replacing: "Identify every bird you hear.", with: "Only {{products.pro.yearly}} a year.")
        let page = site.content["pro.md"]!
        expectError(site.errors, "'products.pro.yearly' holds several values", file: "site/content/pro.md",
                    line: TestSite.line(of: "Only {{", in: page), column: TestSite.column(of: "{{products", in: page))
    }

    @Test("placeholders are escaped for Markdown and HTML: a display name stays text")
    func placeholderEscaping() throws {
        let site = TestSite()
            .catalog(replacing: "displayName: Yearly", with: #"displayName: "*Best* <b>[deal](https://x.example)</b> & me@x.example""#)
            .page(replacing: "Identify every bird you hear.", with: "Get {{products.pro.yearly.displayName}} now.")
        let html = try #require(TestSite.file(Self.page, of: site.build()))
        #expect(html.contains("<p>Get *Best* &lt;b&gt;[deal](https://x.example)&lt;/b&gt; &amp; me@x.example now.</p>"), "no markup, no autolink")
    }

    @Test("a placeholder reads the same in a raw HTML block, code and a table as in a paragraph, and stays text")
    func placeholderInEveryContext() throws {
        let site = TestSite()
            .config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch }\nallowRawHTML: true")
            .catalog(replacing: "displayName: Yearly", with: #"displayName: "Yearly <b>&</b> *more*""#)
            .page(replacing: "Identify every bird you hear.", with: """
                Paragraph {{products.pro.yearly.price}}

                Code `{{products.pro.yearly.price}}`

                <p class="deal">Block {{products.pro.yearly.price}} {{products.pro.yearly.displayName}}</p>

                | Plan | Price |
                |---|---|
                | Yearly | {{products.pro.yearly.price}} |
                """)
        let html = try #require(TestSite.file(Self.page, of: site.build()))
        #expect(html.contains("<p>Paragraph $49.99</p>"))
        #expect(html.contains("<p>Code <code>$49.99</code></p>"), "no backslash in code")
        // In raw HTML the browser reads the references: "Yearly <b>&</b> *more*" as text, not a bold tag.
        #expect(html.contains(#"<p class="deal">Block $49.99 Yearly &#60;b&#62;&#38;&#60;/b&#62; &#42;more&#42;</p>"#))
        #expect(html.contains("<td>$49.99</td>"))
    }

    @Test("RevenueCat's variable names work inside an option context", arguments: [
        ("{{#products.pro.yearly}}{{product_name}}: {{price_per_period}}, {{sub_price_per_month}} a month{{/products.pro.yearly}}",
         "Yearly: $49.99/year, $4.16 a month"),
        ("{{#products.pro.yearly}}{{sub_relative_discount}} · {{sub_period}} · {{sub_duration}}{{/products.pro.yearly}}",
         "Save 16% · Yearly · 1 year"),
        ("{{#options}}{{product_name}} {{/options}}", "Monthly Yearly"),
        ("{{app_name}}", "Birdwatch"),
    ])
    func revenueCatAliases(_ markdown: String, _ expected: String) throws {
        let site = TestSite().page(replacing: "Identify every bird you hear.", with: markdown)
        let html = try #require(TestSite.file(Self.page, of: site.build()))
        #expect(html.contains("<p>\(expected)</p>") || html.contains("<p>\(expected) </p>"), "\(html)")
    }
}

@Suite("Markdown")
struct MarkdownTests {
    @Test("GitHub-flavoured Markdown: tables, strikethrough, task lists, autolinks, tagfilter")
    func gfm() {
        let html = Markdown.render("""
            | a | b |
            |---|---|
            | 1 | 2 |

            ~~old~~ and https://example.com/x

            - [x] done
            """, allowRawHTML: true).html
        #expect(html.contains("<table>") && html.contains("<td>1</td>"))
        #expect(html.contains("<del>old</del>"))
        #expect(html.contains(#"<a href="https://example.com/x">https://example.com/x</a>"#))
        #expect(html.contains(#"<input type="checkbox" checked="" disabled="" />"#))
        #expect(Markdown.render("<script>x</script>", allowRawHTML: true).html.contains("&lt;script>"), "tagfilter")
    }

    @Test("raw HTML is dropped unless allowed")
    func rawHTML() {
        #expect(!Markdown.render("a <b onclick=x>b</b>").html.contains("<b"))
        #expect(Markdown.render("a <b>b</b>", allowRawHTML: true).html.contains("<b>b</b>"))
    }

    @Test("an email address typed in copy stays text; links report their place")
    func emailsAndLinks() {
        let rendered = Markdown.render("Write to help@example.com.\n\nSee [terms](https://example.com/t).")
        #expect(rendered.html.contains("<p>Write to help@example.com.</p>"))
        #expect(rendered.links == [Markdown.Link(url: "https://example.com/t", line: 3, column: 5)])
    }
}

@Suite("Raw HTML, when a site allows it")
struct RawHTMLTests {
    static func errors(_ html: String) -> [Diagnostic] {
        TestSite()
            .config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch }\nallowRawHTML: true")
            .page(replacing: "Identify every bird you hear.", with: "Identify birds.\n\n\(html)\n")
            .errors
    }

    @Test("is kept when safe")
    func safe() {
        #expect(Self.errors(#"<p class="note">See <a href="https://example.com/a">this</a> and <img src="../assets/x.png" alt="">.</p>"#).isEmpty)
    }

    @Test("may not script, style inline or link elsewhere than https", arguments: [
        (#"<a href="http://example.com">x</a>"#, "uses the 'http:' scheme"),
        (#"<a href='javascript:alert(1)'>x</a>"#, "uses the 'javascript:' scheme"),
        (#"<img src=data:image/png;base64,AAAA alt="">"#, "uses the 'data:' scheme"),
        (#"<div onclick="go()">x</div>"#, "event handler (onclick)"),
        (#"<p style="color:red">x</p>"#, "style attribute"),
        (#"<iframe src="https://example.com"></iframe>"#, "<iframe> element"),
    ])
    func unsafe(_ html: String, _ message: String) {
        let errors = Self.errors(html)
        #expect(errors.contains { $0.message.contains(message) && $0.location.file == "site/content/pro.md" }, "\(errors)")
    }

    @Test("dropped raw HTML is not checked: it never reaches the page")
    func dropped() {
        let errors = TestSite().page(replacing: "Identify every bird you hear.", with: #"<a href="http://x">x</a>"#).errors
        #expect(errors.isEmpty)
    }
}

@Suite("Option groups as tabs and links")
struct OptionGroupPagesTests {
    static let site = TestSite()
        .catalog(replacing: "price: { USA: \"49.99\" }", with: "price: { USA: \"49.99\" }\n        winBackOffers: [{ id: back, paymentMode: freeTrial, period: P1M }]")
        .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]")
        .config(replacing: "storefronts: { default: USA }", with: "storefronts: { default: USA }")

    @Test("the tab holding the selected option opens first")
    func selectedTab() throws {
        let site = Self.site.page(replacing: "groupID: birdwatch.pro", with: "groupID: birdwatch.pro\nselected: pro.yearly\noptionGroups: { style: tabs, groupBy: period }")
        let html = try #require(TestSite.file("en-US/pro/index.html", of: site.build()))
        #expect(html.contains(#"id="tab-1" data-tab="1" checked>"#), "the Yearly tab")
        #expect(!html.contains(#"id="tab-0" data-tab="0" checked>"#))
    }

    @Test("links: each group's page has its own hreflang alternates; a lapsed customer's page opens on the win-back")
    func links() throws {
        let site = Self.site.page(replacing: "groupID: birdwatch.pro", with: "groupID: birdwatch.pro\noptionGroups: { style: links, groupBy: period }\noffer: { promotional: none }")
            .catalog(replacing: "price: { USA: \"4.99\" }", with: "price: { USA: \"4.99\" }\n        promotionalOffers: [{ id: none, paymentMode: freeTrial, period: P1M }]")
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let yearly = try #require(TestSite.file("en-US/pro/p1y/index.html", of: result))
        #expect(yearly.contains(#"<link rel="alternate" hreflang="de-DE" href="https://example.com/subscribe/de-DE/pro/p1y/">"#))
        let lapsed = try #require(TestSite.file("en-US/pro/lapsed/pro.yearly/index.html", of: result))
        #expect(lapsed.contains(#"data-product-id="pro.yearly""#), "the win-back product is on the page's own address")
        #expect(TestSite.file("en-US/pro/lapsed/pro.yearly/p1m/index.html", of: result) != nil, "the other group has its own page")
    }
}

@Suite("Long pickers")
struct LongPickerTests {
    @Test("a group of 30 options gets selection rules for every option")
    func thirty() throws {
        let products = (1...30).map { index in
            "      - { id: p\(index), level: 1, period: P1M, price: { USA: \"\(index).99\" } }"
        }.joined(separator: "\n")
        let site = TestSite().with { site in
            site.catalogText = "subscriptionGroups:\n  - id: birdwatch.pro\n    subscriptions:\n\(products)\n"
        }
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let css = try #require(result.files.first { $0.path.hasSuffix(".css") }.map { String(decoding: $0.data, as: UTF8.self) })
        #expect(css.contains(#".subscribe[data-index="29"]"#))
        #expect(!css.contains(#".subscribe[data-index="30"]"#))
    }
}
