/// Cloudflare Pages' advanced mode for experiments (`hosting: [cloudflare-pages]` with `experiments:`): a
/// `_worker.js` that answers the tested pages' addresses as ``SiteRoutes/experimentAnswer`` does, and a
/// `_routes.json` that sends only those addresses to it. Every other request is served as a static asset, with
/// `_headers` and `_redirects` applied; those files are not applied to a worker's responses, so the worker sends
/// the site's headers itself.
enum PagesWorker {
    /// `_worker.js` and `_routes.json`; none without experiments.
    static func files(_ routes: SiteRoutes) -> [OutputFile] {
        guard !routes.experiments.isEmpty else { return [] }
        return [OutputFile("_worker.js", script(routes)), OutputFile("_routes.json", routesFile(routes))]
    }

    /// Every tested page's `NAME/` and `LOCALE/NAME/`, below the prefix; `*/NAME/` past Cloudflare's 100 rules.
    static func routesFile(_ routes: SiteRoutes) -> String {
        var include: [String] = []
        let count = routes.experiments.reduce(0) { $0 + 1 + (routes.locales(ofPage: $1.page)?.count ?? 0) }
        for experiment in routes.experiments {
            include.append(routes.prefix + experiment.page + "/")
            if count > 100 {
                include.append(routes.prefix + "*/" + experiment.page + "/")
            } else {
                for locale in routes.locales(ofPage: experiment.page) ?? [] {
                    include.append("\(routes.prefix)\(locale)/\(experiment.page)/")
                }
            }
        }
        return "{\"version\":1,\"include\":[" + include.map(JSONText.quoted).joined(separator: ",")
            + "],\"exclude\":[]}\n"
    }

    /// The site's data for the script, as JSON (every value quoted by JSONText: no input adds code).
    static func data(_ routes: SiteRoutes) -> String {
        func list(_ items: [String]) -> String { "[" + items.map(JSONText.quoted).joined(separator: ",") + "]" }
        let headers = (HostHeaders.common(policy: routes.contentSecurityPolicy) + SiteRoutes.experimentHeaders)
            .map { "[\(JSONText.quoted($0.0)),\(JSONText.quoted($0.1))]" }.joined(separator: ",")
        let experiments = routes.experiments.map { experiment in
            let ranges = experiment.ranges.map { range in
                let locales = range.page == experiment.page
                    ? routes.locales(ofPage: range.page) ?? [] : routes.variantPages[range.page] ?? []
                let variant = JSONText.quoted(range.variant), page = JSONText.quoted(range.page)
                return "{\"variant\":\(variant),\"to\":\(range.to),\"page\":\(page),\"locales\":\(list(locales))}"
            }
            return "{\"id\":\(JSONText.quoted(experiment.id)),\"page\":\(JSONText.quoted(experiment.page)),"
                + "\"unit\":\(experiment.unit.map(JSONText.quoted) ?? "null"),"
                + "\"locales\":\(list(routes.locales(ofPage: experiment.page) ?? [])),"
                + "\"ranges\":[" + ranges.joined(separator: ",") + "]}"
        }
        // The control's own page may hold a script (actions.carry): its header policy allows that script's hash.
        let policies = routes.experiments.flatMap { experiment in
            (routes.locales(ofPage: experiment.page) ?? []).map { locale in
                let path = "\(locale)/\(experiment.page)/"
                return "\(JSONText.quoted(path)):\(JSONText.quoted(routes.policy(for: path)))"
            }
        }.joined(separator: ",")
        let defaultLocale = JSONText.quoted(routes.defaultLocale)
        return "{\"prefix\":\(JSONText.quoted(routes.prefix)),\"defaultLocale\":\(defaultLocale),"
            + "\"cookie\":\(JSONText.quoted(Experiment.cookie)),\"headers\":[\(headers)],"
            + "\n  \"policies\":{\(policies)},"
            + "\n  \"experiments\":["
            + experiments.joined(separator: ",\n    ") + "]}"
    }

    static func script(_ routes: SiteRoutes) -> String {
        """
        // Made by paywall for Cloudflare Pages (experiments: and hosting: in paywall.yml); rebuilt on every build.
        // _routes.json sends only the tested pages' addresses (NAME/, LOCALE/NAME/) here; every other file is a static
        // asset, with _headers and _redirects. A visitor is assigned as experiments.json says: MurmurHash2 (nginx's
        // ngx_murmur_hash2, as split_clients) of EXPERIMENT_ID:UNIT, UNIT being the unit query parameter as the URL
        // writes it, else the pw_visitor cookie, set once to a random ID; the variant whose range holds the hash.
        const SITE = \(data(routes));

        function murmurHash2(bytes) {
          let h = bytes.length, i = 0, left = bytes.length;
          while (left >= 4) {
            let k = bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
            k = Math.imul(k, 0x5bd1e995);
            k ^= k >>> 24;
            k = Math.imul(k, 0x5bd1e995);
            h = Math.imul(h, 0x5bd1e995) ^ k;
            i += 4;
            left -= 4;
          }
          if (left === 3) h ^= bytes[i + 2] << 16;
          if (left >= 2) h ^= bytes[i + 1] << 8;
          if (left >= 1) h = Math.imul(h ^ bytes[i], 0x5bd1e995);
          h ^= h >>> 13;
          h = Math.imul(h, 0x5bd1e995);
          h ^= h >>> 15;
          return h >>> 0;
        }

        // The first NAME=VALUE of the query (NAME in any case, as nginx's $arg_NAME), as written.
        function queryValue(name, query) {
          for (const pair of query.split('&')) {
            const equals = pair.indexOf('=');
            if (equals >= 0 && pair.slice(0, equals).toLowerCase() === name.toLowerCase()) {
              return pair.slice(equals + 1);
            }
          }
          return null;
        }

        function cookieValue(name, header) {
          for (const part of (header || '').split(';')) {
            const pair = part.replace(/^[ \\t]+/, '');
            const equals = pair.indexOf('=');
            if (equals >= 0 && pair.slice(0, equals).toLowerCase() === name) return pair.slice(equals + 1).trimEnd();
          }
          return null;
        }

        // The locale for Accept-Language, as paywall chooses: the highest q first, a tag, its prefixes, its language.
        function negotiate(header, locales) {
          const fallback = locales.includes(SITE.defaultLocale) ? SITE.defaultLocale : locales[0];
          const ranges = [];
          (header || '').split(',').forEach((element, index) => {
            const tag = '([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|[*])';
            const weight = '(?:;[ \\t]*q=(0(?:[.][0-9]{0,3})?|1(?:[.]0{0,3})?))?';
            const match = new RegExp(`^[ \\t]*${tag}[ \\t]*${weight}[ \\t]*$`, 'i').exec(element);
            if (match && (match[2] === undefined || Number(match[2]) > 0)) {
              ranges.push({ tag: match[1].toLowerCase(), q: match[2] === undefined ? 1 : Number(match[2]), index });
            }
          });
          ranges.sort((a, b) => b.q - a.q || a.index - b.index);
          const lowered = locales.map((locale) => locale.toLowerCase());
          const language = (tag) => tag.split('-')[0].toLowerCase();
          for (const { tag } of ranges) {
            const shorter = (candidate) => candidate.slice(0, Math.max(0, candidate.lastIndexOf('-')));
            for (let candidate = tag; candidate; candidate = shorter(candidate)) {
              if (lowered.includes(candidate)) return locales[lowered.indexOf(candidate)];
            }
            if (tag === '*') continue;
            if (language(SITE.defaultLocale) === language(tag) && locales.includes(SITE.defaultLocale)) {
              return SITE.defaultLocale;
            }
            const found = locales.find((locale) => language(locale) === language(tag));
            if (found) return found;
          }
          return fallback;
        }

        function newVisitor() {
          const bytes = crypto.getRandomValues(new Uint8Array(16));
          return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
        }

        // What the host does with a request: null (not an experiment's address), or the variant, where to redirect
        // (null: the control's own page at this address) and the cookie to set.
        export function assign(url, headers) {
          if (!url.pathname.startsWith(SITE.prefix)) return null;
          const parts = url.pathname.slice(SITE.prefix.length - 1).split('/');
          if (parts.length < 3 || parts.length > 4 || parts[0] !== '' || parts[parts.length - 1] !== '') return null;
          const experiment = SITE.experiments.find((candidate) => candidate.page === parts[parts.length - 2]);
          if (!experiment || (parts.length === 4 && !experiment.locales.includes(parts[1]))) return null;
          const locale = parts.length === 4 ? parts[1] : negotiate(headers.get('Accept-Language'), experiment.locales);
          const cookie = cookieValue(SITE.cookie, headers.get('Cookie'));
          const visitor = cookie || newVisitor();
          const parameter = experiment.unit === null ? null : queryValue(experiment.unit, url.search.slice(1));
          const hash = murmurHash2(new TextEncoder().encode(experiment.id + ':' + (parameter || visitor)));
          const range = experiment.ranges.find((candidate) => hash < candidate.to);
          const page = range.locales.includes(locale) ? range.page : experiment.page;
          return {
            variant: range.variant,
            path: `${locale}/${experiment.page}/`,
            location: parts.length === 4 && page === experiment.page ? null : `${SITE.prefix}${locale}/${page}/`,
            setCookie: cookie ? null : `${SITE.cookie}=${visitor}; Path=${SITE.prefix}; Max-Age=31536000; SameSite=Lax`,
          };
        }

        export default {
          async fetch(request, env) {
            const url = new URL(request.url);
            const answer = request.method === 'GET' || request.method === 'HEAD' ? assign(url, request.headers) : null;
            if (!answer) return env.ASSETS.fetch(request);
            let response;
            if (answer.location) {
              const location = answer.location + url.search;
              response = new Response(`Found at ${location}\\n`, {
                status: 302, headers: { Location: location, 'Content-Type': 'text/plain; charset=utf-8' },
              });
            } else {
              const asset = await env.ASSETS.fetch(request);
              response = new Response(asset.body, asset);
            }
            for (const [name, value] of SITE.headers) response.headers.set(name, value);
            if (!answer.location && SITE.policies[answer.path]) {
              response.headers.set('Content-Security-Policy', SITE.policies[answer.path]);
            }
            if (answer.setCookie) response.headers.append('Set-Cookie', answer.setCookie);
            return response;
          },
        };

        """
    }
}
