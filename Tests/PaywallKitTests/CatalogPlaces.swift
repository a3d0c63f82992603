@testable import PaywallKit

/// A catalog with every source location made the same, to compare what two files say rather than where.
extension Catalog {
    var withoutPlaces: Catalog {
        var copy = self
        copy.file = ""
        copy.groups = groups.map { group in
            var group = group
            group.location = .none
            group.subscriptions = group.subscriptions.map(\.withoutPlaces)
            return group
        }
        copy.oneTimeProducts = oneTimeProducts.map(\.withoutPlaces)
        copy.appPolicies = Policies(termsOfService: appPolicies.termsOfService.map(\.withoutPlace),
                                    privacyPolicy: appPolicies.privacyPolicy.map(\.withoutPlace))
        return copy
    }
}

extension SourceLocation {
    static let none = SourceLocation(file: "")
}

extension Policies.Link {
    var withoutPlace: Self {
        guard case .page(let name, let markdown, _) = self else { return self }
        return .page(name: name, markdown: markdown, location: .none)
    }
}

extension Price {
    var withoutPlace: Price { Price(Dictionary(uniqueKeysWithValues: storefronts.map { ($0, self[$0]!) })) }
}

extension Offer {
    var withoutPlaces: Offer {
        var copy = self
        copy.location = .none
        copy.price = price?.withoutPlace
        return copy
    }
}

extension Product {
    var withoutPlaces: Product {
        var copy = self
        copy.location = .none
        copy.iconLocation = nil
        copy.price = price.withoutPlace
        copy.introductoryOffer = introductoryOffer?.withoutPlaces
        copy.promotionalOffers = promotionalOffers.map(\.withoutPlaces)
        copy.winBackOffers = winBackOffers.map(\.withoutPlaces)
        if var plan = monthlyPlan {
            plan.location = .none
            plan.price = plan.price.withoutPlace
            plan.commitmentPrice = plan.commitmentPrice?.withoutPlace
            plan.introductoryOffer = plan.introductoryOffer?.withoutPlaces
            copy.monthlyPlan = plan
        }
        return copy
    }
}
