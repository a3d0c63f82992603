import Mustache

/// The plan comparison (`features:`) as template values: a column per service level on a `groupID` page (named as
/// `optionGroups: { groupBy: level }` names them), a column per product on a `productIDs` page; a row per feature.
struct FeatureTable {
    struct Column {
        /// The level ("1") or the product ID that rows name.
        var key: String
        var name: String
        var nameLocale: String?
        /// The options this column stands for (a level's monthly and yearly plans).
        var optionIDs: [String]
    }

    /// One cell: a feature included or not, or the text the page gives for that column.
    enum Cell {
        case included(Bool)
        case value(String)
    }

    var features: Page.Features
    var columns: [Column]
    var page: Page
    var locale: String

    /// The table of a resolved page; nil when the page has no `features`.
    init?(_ model: borrowing StoreModel) {
        guard let features = model.page.features else { return nil }
        self.features = features
        self.page = model.page
        self.locale = model.locale
        var columns: [Column] = []
        if case .group = model.page.selection {
            let subscriptions = model.allOptions.filter(\.isSubscription)
            for option in model.options where option.isSubscription {
                let key = String(option.product.level)
                if let index = columns.firstIndex(where: { $0.key == key }) {
                    columns[index].optionIDs.append(option.id)
                    continue
                }
                let names = subscriptions.filter { $0.product.level == option.product.level }.map(\.text.displayName)
                columns.append(Column(key: key, name: commonWords(names) ?? option.text.displayName,
                                      nameLocale: option.textLocale, optionIDs: [option.id]))
            }
        } else {
            columns = model.options.map {
                Column(key: $0.id, name: $0.text.displayName, nameLocale: $0.textLocale, optionIDs: [$0.id])
            }
        }
        self.columns = columns
    }

    func cell(_ row: Page.Features.Row, _ column: Column) -> Cell {
        switch row.cells {
        case .levels(let levels): .included(levels.contains { String($0.value) == column.key })
        case .products(let ids): .included(ids.contains { $0.value == column.key })
        case .values(let values):
            values.first { $0.key.value == column.key }.map { .value($0.text) } ?? .included(false)
        }
    }

    /// A base-file text in the page's language: the translation's, else the text itself marked with the base language.
    func text(_ text: String) -> (text: String, lang: MustacheValue) {
        if page.locale != nil, let translated = features.labels[text] { return (translated, .null) }
        guard text.contains(where: \.isLetter) else { return (text, .null) }   // "50" is every language's
        return (text, FallbackLanguage.value(page.baseLocale, on: locale))
    }

    /// The page's `features` value.
    func value(caption: String) -> MustacheValue {
        let rows: [MustacheValue] = features.rows.map { row in
            let label = text(row.label)
            let cells: [MustacheValue] = columns.map { column in
                switch cell(row, column) {
                case .included(let included):
                    .object(["isValue": .bool(false), "isIncluded": .bool(included), "value": .null,
                             "valueLang": .null])
                case .value(let value):
                    .object(["isValue": .bool(true), "isIncluded": .bool(true), "value": .string(text(value).text),
                             "valueLang": text(value).lang])
                }
            }
            return .object(["label": .string(label.text), "labelLang": label.lang, "cells": .list(cells)])
        }
        return .object([
            "caption": .string(caption),
            "isBefore": .bool(features.placement == .beforeOptions),
            "isAfter": .bool(features.placement == .afterOptions),
            "columns": .list(columns.map {
                .object(["name": .string($0.name), "nameLang": FallbackLanguage.value($0.nameLocale, on: locale)])
            }),
            "rows": .list(rows),
        ])
    }

    /// What one option includes, for its card: each feature's label, and its value where the row gives one.
    func included(by optionID: String) -> [MustacheValue] {
        guard let column = columns.first(where: { $0.optionIDs.contains(optionID) }) else { return [] }
        return features.rows.compactMap { row in
            let label = text(row.label)
            switch cell(row, column) {
            case .included(false): return nil
            case .included(true):
                return .object(["label": .string(label.text), "labelLang": label.lang, "value": .null,
                                "valueLang": .null])
            case .value(let value):
                return .object(["label": .string(label.text), "labelLang": label.lang,
                                "value": .string(text(value).text), "valueLang": text(value).lang])
            }
        }
    }

    /// Sets `includedFeatures` and `hasIncludedFeatures` of every option (an option context has them empty).
    static func annotate(_ options: [(option: StoreOption, value: MustacheValue)],
                         with table: FeatureTable?) -> [(option: StoreOption, value: MustacheValue)] {
        guard let table else { return options }
        return options.map { item in
            guard case .object(var fields) = item.value else { return item }
            let included = table.included(by: item.option.id)
            fields["includedFeatures"] = .list(included)
            fields["hasIncludedFeatures"] = .bool(!included.isEmpty)
            return (item.option, .object(fields))
        }
    }
}
