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

    /// Everything the contexts read of the page beside its options: its locale and currency, the selected option,
    /// the path up to the output root (for assets), the button label and style, the locale of its badges, its
    /// experiment, and the subscriber's current plan (which purchase links change from).
    struct Input: Encodable, Sendable {
        var locale: String, currency: String, selectedID: String?, root: String
        var buttonLabel: Set<Page.ButtonLabel>, isButtonsStyle: Bool, badgeLocale: String?
        var experiment: ExperimentRole?, currentProductID: String

        init(_ model: StoreModel, root: String) {
            (locale, currency, selectedID, self.root) = (model.locale, model.currency, model.selectedID, root)
            (buttonLabel, isButtonsStyle) = (model.page.buttonLabel, model.page.controlStyle == .buttons)
            (badgeLocale, experiment) = (model.page.textLocale(of: "badges"), model.page.experiment)
            currentProductID = model.state.currentProductID
        }
    }

    /// The contexts of `model`'s options, shown and hidden.
    init(_ model: StoreModel, _ input: Input, strings: Strings, config: SiteConfig,
         vocabulary: OptionContext.Vocabulary) {
        let text = PriceText(locale: input.locale, currency: input.currency, strings: strings)
        // The resolver shows every option of most pages.
        let hidden = model.allOptions.count == model.options.count ? [] : model.allOptions.filter { option in
            !model.options.contains { $0.id == option.id }
        }
        shown = Self.contexts(model.options, input, text: text, config: config, vocabulary: vocabulary)
        self.hidden = Self.contexts(hidden, input, text: text, config: config, vocabulary: vocabulary)
        products = PageContext.products(shown + self.hidden)
        planNames = ICU.formatList(shown.map(\.option.text.displayName), locale: input.locale)
    }

    static func contexts(_ options: [StoreOption], _ input: Input, text: PriceText, config: SiteConfig,
                         vocabulary: OptionContext.Vocabulary) -> [(option: StoreOption, value: MustacheValue)] {
        options.enumerated().map { index, option in
            var context = OptionContext(option: option, index: index, text: text,
                                        isSelected: option.id == input.selectedID, subscribeURL: nil,
                                        assetPrefix: input.root, buttonLabel: input.buttonLabel,
                                        isButtonsStyle: input.isButtonsStyle, badgeLocale: input.badgeLocale,
                                        vocabulary: vocabulary)
            link(&context, locale: input.locale, experiment: input.experiment,
                 currentProductID: input.currentProductID, config: config)
            return (option, context.value)
        }
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
