/*
 * paywall_locale.h: a narrow C wrapper over ICU's C API (libicu).
 *
 * This header exposes no ICU type, only plain C types, because ICU's headers
 * clash with Foundation's when imported into Swift. All ICU includes live in
 * paywall_locale.c.
 *
 * Locales are BCP 47 tags ("en-US", "zh-Hans"); underscores are accepted too.
 * Text is UTF-8.
 *
 * Functions that write text return its length in bytes, without the NUL:
 *   0 <= result < capacity   success; buffer holds the NUL-terminated text
 *   result >= capacity       buffer too small; call again with capacity > result
 *   result < 0               failure (bad argument or ICU error); buffer unspecified
 */
#ifndef PAYWALL_LOCALE_H
#define PAYWALL_LOCALE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Units and widths for pwl_format_duration. */
enum {
    PWL_UNIT_DAY = 0, PWL_UNIT_WEEK = 1, PWL_UNIT_MONTH = 2, PWL_UNIT_YEAR = 3
};
enum {
    PWL_WIDTH_WIDE = 0, PWL_WIDTH_SHORT = 1, PWL_WIDTH_NARROW = 2
};

/* A price: amount is a plain decimal string ("49.99", "7800", "-1.5"),
 * currency an ISO 4217 code; fraction digits are the currency's default. */
int32_t pwl_format_currency(const char *amount, const char *currency, const char *locale,
                            char *buffer, int32_t capacity);

/* A count with a duration unit and CLDR plural forms: "3 месяца". */
int32_t pwl_format_duration(int64_t count, int32_t unit, int32_t width, const char *locale,
                            char *buffer, int32_t capacity);

/* The cardinal plural keyword of count: "zero", "one", "two", "few", "many" or "other". */
int32_t pwl_plural_category(int64_t count, const char *locale, char *buffer, int32_t capacity);

/* A plain decimal string localized: "1234.5" -> "1.234,5" in de. */
int32_t pwl_format_number(const char *number, const char *locale, char *buffer, int32_t capacity);

/* A whole percentage (35 means 35 %) localized: "35 %", "%35". */
int32_t pwl_format_percent(int64_t whole_percent, const char *locale,
                           char *buffer, int32_t capacity);

/* An "and" list of count UTF-8 items: "A, B and C". */
int32_t pwl_format_list(const char *const *items, int32_t count, const char *locale,
                        char *buffer, int32_t capacity);

/* The name of locale in display_locale's language: "Deutsch (Deutschland)". */
int32_t pwl_display_name(const char *locale, const char *display_locale,
                         char *buffer, int32_t capacity);

/* text in upper case by the locale's rules (Turkish i -> \u0130, Greek without accents). */
int32_t pwl_uppercase(const char *text, const char *locale, char *buffer, int32_t capacity);

/* 1 if the locale's script is written right to left, 0 if not, -1 on failure. */
int32_t pwl_is_right_to_left(const char *locale);

/* Default fraction digits of an ISO 4217 currency (JPY 0, USD 2, KWD 3), -1 if unknown. */
int32_t pwl_currency_fraction_digits(const char *currency);

/* The canonical BCP 47 form of a tag or ICU locale ID: "en_US" -> "en-US";
 * fails when the identifier is not well-formed. */
int32_t pwl_canonical_language_tag(const char *identifier, char *buffer, int32_t capacity);

/* The likely ISO 3166 region of a locale: "de" -> "DE", "en" -> "US". */
int32_t pwl_likely_region(const char *locale, char *buffer, int32_t capacity);

/* 1 if ICU has a name for each of the locale's language, script and region subtags ("de-DE", "pro", "zh-Hans"),
 * 0 if not ("assets", "zz-ZZ", "en-QQ"), -1 on failure. */
int32_t pwl_is_known_locale(const char *locale);

/* A host name's ASCII form by IDNA (UTS #46): "bücher.example" -> "xn--bcher-kva.example"; -1 when it is not one. */
int32_t pwl_idna_to_ascii(const char *name, char *buffer, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* PAYWALL_LOCALE_H */
