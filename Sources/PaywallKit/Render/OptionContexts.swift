import Mustache

/// A page's option contexts: those it shows, and those it hides (which marketing copy still reaches by product ID).
/// Made from the options and an ``Input`` alone, beside the site's strings, settings and field names, so that a build
/// may keep them by the digest of those (``BuildCache``).
struct OptionContexts: Sendable {
    var shown: [(option: StoreOption, value: MustacheValue)]
    var hidden: [(option: StoreOption, value: MustacheValue)]
    /// `products`: every option, shown and hidden, by product ID (``PageContext/products(_:)``).
    var products: MustacheValue
    /// `planNames`: the names of the options shown, as a list in the locale's words ("A, B und C").
    var planNames: String

    /// Everything the contexts read of the page beside its options: what the option cards read (``Shared``), the
    /// selected option, and the button label and style.
    struct Input: Encodable, Sendable {
        var shared: Shared
        var selectedID: String?, buttonLabel: Set<Page.ButtonLabel>, isButtonsStyle: Bool

        init(_ model: borrowing StoreModel, root: String) {
            shared = Shared(model, root: root)
            (selectedID, buttonLabel) = (model.selectedID, model.page.buttonLabel)
            isButtonsStyle = model.page.controlStyle == .buttons
        }
    }

    /// What the option cards read of the page: its locale and currency, the path up to the output root (for assets),
    /// the locale of its badges, its experiment, and the subscriber's current plan (which purchase links change from).
    struct Shared: Encodable, Sendable {
        var locale: String, currency: String, root: String, badgeLocale: String?
        var experiment: ExperimentRole?, currentProductID: String

        init(_ model: borrowing StoreModel, root: String) {
            (locale, currency, self.root) = (model.locale, model.currency, root)
            (badgeLocale, experiment) = (model.page.textLocale(of: "badges"), model.page.experiment)
            currentProductID = model.state.currentProductID
        }
    }

    /// Each option's card: its fields that do not depend on where the page puts it or which option is selected
    /// (``OptionContext/sharedFields``), made from the options and ``Shared`` alone, so that the pages of one group
    /// in one locale share them whatever their button label, style or selection.
    struct Cards: Sendable {
        var shown: [(context: OptionContext, fields: MustacheObject)]
        var hidden: [(context: OptionContext, fields: MustacheObject)]
        /// `planNames`: the names of the options shown, as a list in the locale's words ("A, B und C").
        var planNames: String

        init(_ model: StoreModel, _ input: Shared, strings: Strings, config: SiteConfig,
             vocabulary: OptionContext.Vocabulary) {
            var text = PriceText(locale: input.locale, currency: input.currency, strings: strings)
            text.formats = PriceText.Formats()
            // The resolver shows every option of most pages.
            let hidden = model.allOptions.count == model.options.count ? [] : model.allOptions.filter { option in
                !model.options.contains { $0.id == option.id }
            }
            shown = Self.cards(model.options, input, text: text, config: config, vocabulary: vocabulary)
            self.hidden = Self.cards(hidden, input, text: text, config: config, vocabulary: vocabulary)
            planNames = ICU.formatList(model.options.map(\.text.displayName), locale: input.locale)
        }

        static func cards(_ options: [StoreOption], _ input: Shared, text: PriceText, config: SiteConfig,
                          vocabulary: OptionContext.Vocabulary) -> [(context: OptionContext, fields: MustacheObject)] {
            options.enumerated().map { index, option in
                var context = OptionContext(option: option, index: index, text: text, isSelected: false,
                                            subscribeURL: nil, assetPrefix: input.root,
                                            badgeLocale: input.badgeLocale, vocabulary: vocabulary)
                link(&context, locale: input.locale, experiment: input.experiment,
                     currentProductID: input.currentProductID, config: config)
                let fields = context.sharedFields
                context.text.formats = nil   // kept while these cards are made, not with them
                return (context, fields)
            }
        }
    }

    /// The contexts of a page's options: each card with the fields the page's selection, button label and style give
    /// it (``OptionContext/pageFields``).
    init(_ cards: Cards, _ input: Input) {
        func contexts(_ cards: [(context: OptionContext, fields: MustacheObject)])
            -> [(option: StoreOption, value: MustacheValue)] {
            cards.map { card in
                var (context, fields) = card
                (context.isSelected, context.buttonLabel) = (context.option.id == input.selectedID, input.buttonLabel)
                context.isButtonsStyle = input.isButtonsStyle
                for (name, value) in context.pageFields { fields[name] = value }
                return (context.option, .object(fields))
            }
        }
        shown = contexts(cards.shown)
        hidden = contexts(cards.hidden)
        products = PageContext.products(shown + hidden)
        planNames = cards.planNames
    }

    /// Gives `context` what its links read of the page: the experiment they name and, for a subscription, the plan
    /// a subscriber changes from; and its purchase link from `actions`, unless it is the current plan.
    static func link(_ context: inout OptionContext, locale: String, experiment: ExperimentRole?,
                     currentProductID: String, config: SiteConfig) {
        let option = context.option
        context.currentProductID = option.isSubscription ? currentProductID : ""
        context.experiment = experiment.map { $0.id + ":" + $0.variant } ?? ""
        guard option.isPurchasable else { return }
        var values = LinkTemplate.Values(product: option.id, locale: locale, offer: option.offer?.offer,
                                         billingPlan: option.billingPlan.rawValue)
        values.currentProductID = context.currentProductID
        values.experiment = experiment?.id ?? ""
        values.variant = experiment?.variant ?? ""
        context.subscribeURL = config.links.url(for: option.product, values, billing: config.billing)
    }
}
