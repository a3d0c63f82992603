/*
 * paywall_locale.c: CLDR formatting through ICU's C API. See paywall_locale.h
 * for the contract. Every ICU object opened here is closed before returning, but number formatters and plural
 * rules: a bounded number of them is kept (see "Kept handles"), since opening one costs far more than using it.
 */
#include "paywall_locale.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ucurr.h>
#include <unicode/uidna.h>
#include <unicode/ulistformatter.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

enum { LOCALE_CAPACITY = ULOC_FULLNAME_CAPACITY, STACK_UCHARS = 256 };

/* --- Output ------------------------------------------------------------- */

static int valid_output(const char *buffer, int32_t capacity) {
    return capacity >= 0 && (capacity == 0 || buffer != NULL);
}

/* Copies n bytes of s, NUL-terminated, when they fit; returns n. */
static int32_t copy_out(const char *s, int32_t n, char *buffer, int32_t capacity) {
    if (!valid_output(buffer, capacity) || n < 0) return -1;
    if (n < capacity) {
        memcpy(buffer, s, (size_t)n);
        buffer[n] = '\0';
    }
    return n;
}

/* Converts UTF-16 to UTF-8 into buffer; returns the UTF-8 length. */
static int32_t utf16_out(const UChar *s, int32_t length, char *buffer, int32_t capacity) {
    if (!valid_output(buffer, capacity)) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t needed = 0;
    u_strToUTF8WithSub(buffer, capacity, &needed, s, length, 0xFFFD, NULL, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) {
        return needed;
    }
    return U_FAILURE(status) ? -1 : needed;
}

/* An ICU call that fills a UChar buffer, preflighting like ICU does. */
typedef int32_t (*Filler)(const void *context, UChar *dest, int32_t capacity, UErrorCode *status);

/* Runs fill into a stack buffer, or a heap one when the text is longer, then converts it. */
static int32_t fill_out(Filler fill, const void *context, char *buffer, int32_t capacity) {
    UChar stack[STACK_UCHARS];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = fill(context, stack, STACK_UCHARS, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR) {
        return U_FAILURE(status) ? -1 : utf16_out(stack, length, buffer, capacity);
    }
    UChar *heap = malloc(((size_t)length + 1) * sizeof(UChar));
    if (heap == NULL) return -1;
    status = U_ZERO_ERROR;
    length = fill(context, heap, length + 1, &status);
    int32_t result = U_FAILURE(status) ? -1 : utf16_out(heap, length, buffer, capacity);
    free(heap);
    return result;
}

/* --- Input -------------------------------------------------------------- */

/* Converts a BCP 47 tag (underscores allowed) to an ICU locale ID; 0 on success. */
static int icu_locale(const char *tag, char out[LOCALE_CAPACITY]) {
    if (tag == NULL) return -1;
    size_t length = strlen(tag);
    if (length == 0 || length >= LOCALE_CAPACITY) return -1;
    char bcp47[LOCALE_CAPACITY];
    for (size_t i = 0; i <= length; i++) bcp47[i] = tag[i] == '_' ? '-' : tag[i];
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(bcp47, out, LOCALE_CAPACITY, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -1;
    return (size_t)parsed == length ? 0 : -1;
}

/* True for "49.99", "7800", "-0.5": optional minus, digits, optional fraction. */
static int plain_decimal(const char *s) {
    if (s == NULL) return 0;
    if (*s == '-') s++;
    const char *start = s;
    while (*s >= '0' && *s <= '9') s++;
    if (s == start) return 0;
    if (*s == '.') {
        const char *fraction = ++s;
        while (*s >= '0' && *s <= '9') s++;
        if (s == fraction) return 0;
    }
    return *s == '\0';
}

/* Uppercases a known ISO 4217 code into out (NUL-terminated UTF-16); 0 on success. */
static int currency_code(const char *code, UChar out[4]) {
    if (code == NULL || strlen(code) != 3) return -1;
    char upper[4];
    for (int i = 0; i < 3; i++) {
        char c = code[i];
        if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
        if (c < 'A' || c > 'Z') return -1;
        upper[i] = c;
    }
    upper[3] = '\0';
    u_charsToUChars(upper, out, 4);
    UErrorCode status = U_ZERO_ERROR;
    UBool known = ucurr_isAvailable(out, U_DATE_MIN, U_DATE_MAX, &status);
    return U_SUCCESS(status) && known ? 0 : -1;
}

/* --- Kept handles -------------------------------------------------------- */

/* Opened number formatters and plural rules, kept by kind, skeleton and locale tag as the caller wrote it (a kept
 * one needs no parsing of the tag), since opening one costs far more than using it (and ICU compiles a formatter only
 * after its first few uses): the 2,000-page bench site of 20 locales keeps 80, a currency, its durations and a
 * percent per locale. ICU's number formatters and
 * plural rules are immutable and may be used by many threads at once (unumberformatter.h: "can be shared between
 * threads"; the ICU user guide: const APIs are thread-safe). Only handles are kept, never results.
 *
 * At most HANDLES are open: when the table is full, the least recently used handle that no call is using is
 * closed for the new one. A call holds a handle from acquire to release. */
enum { HANDLES = 512, BUCKETS = 1024, SKELETON_CAPACITY = 64, KEY_CAPACITY = 1 + SKELETON_CAPACITY + LOCALE_CAPACITY };
typedef enum { KIND_FORMATTER = 'f', KIND_PLURAL_RULES = 'p' } Kind;
typedef struct {
    uint64_t hash;
    char key[KEY_CAPACITY];   /* kind, skeleton, U+001F, tag */
    Kind kind;
    void *handle;
    int users;                /* calls holding the handle; it is closed only at 0 */
    uint64_t used;            /* the clock at its last acquire */
    int next;                 /* the next entry of its bucket, or -1 */
} Handle;
static Handle handles[HANDLES];
static int handle_count, buckets[BUCKETS];
static uint64_t handle_clock;
static pthread_mutex_t handles_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t handles_once = PTHREAD_ONCE_INIT;

static void empty_buckets(void) {
    for (int i = 0; i < BUCKETS; i++) buckets[i] = -1;
}

static void close_handle(Kind kind, void *handle) {
    if (kind == KIND_FORMATTER) unumf_close(handle);
    else uplrules_close(handle);
}

/* Opens a handle for an ICU locale ID; NULL on failure. */
static void *open_handle(Kind kind, const char *skeleton, const char *icu) {
    UErrorCode status = U_ZERO_ERROR;
    void *handle;
    if (kind == KIND_FORMATTER) {
        UChar uskeleton[SKELETON_CAPACITY];
        int32_t length = (int32_t)strlen(skeleton);
        u_charsToUChars(skeleton, uskeleton, length);
        handle = unumf_openForSkeletonAndLocale(uskeleton, length, icu, &status);
    } else {
        handle = uplrules_open(icu, &status);
    }
    if (U_FAILURE(status)) {
        if (handle != NULL) close_handle(kind, handle);
        return NULL;
    }
    return handle;
}

/* The index of key's entry, or -1; under handles_lock. */
static int find_handle(uint64_t hash, const char *key) {
    for (int i = buckets[hash % BUCKETS]; i >= 0; i = handles[i].next) {
        if (handles[i].hash == hash && strcmp(handles[i].key, key) == 0) return i;
    }
    return -1;
}

/* An entry for a new handle: a free one, else the least recently used one not in use (its handle returned in
 * *evicted, to close), else -1; under handles_lock. */
static int free_entry(Handle *evicted) {
    if (handle_count < HANDLES) return handle_count++;
    int oldest = -1;
    for (int i = 0; i < HANDLES; i++) {
        if (handles[i].users == 0 && (oldest < 0 || handles[i].used < handles[oldest].used)) oldest = i;
    }
    if (oldest < 0) return -1;
    *evicted = handles[oldest];
    int *link = &buckets[handles[oldest].hash % BUCKETS];
    while (*link != oldest) link = &handles[*link].next;
    *link = handles[oldest].next;
    return oldest;
}

/* The handle for (kind, skeleton, tag), kept or opened now, held until release(kind, handle, *slot); NULL when
 * the tag or skeleton is rejected. */
static void *acquire(Kind kind, const char *skeleton, const char *tag, int *slot) {
    *slot = -1;
    if (tag == NULL || strlen(skeleton) >= SKELETON_CAPACITY || strlen(tag) >= LOCALE_CAPACITY) return NULL;
    char key[KEY_CAPACITY];
    key[0] = (char)kind;
    strcpy(key + 1, skeleton);
    strcat(key, "\x1f");
    strcat(key, tag);
    uint64_t hash = 1469598103934665603ull;   /* FNV-1a */
    for (const char *c = key; *c != '\0'; c++) hash = (hash ^ (unsigned char)*c) * 1099511628211ull;

    pthread_once(&handles_once, empty_buckets);
    pthread_mutex_lock(&handles_lock);
    int found = find_handle(hash, key);
    if (found >= 0) {
        handles[found].users++;
        handles[found].used = ++handle_clock;
        *slot = found;
        pthread_mutex_unlock(&handles_lock);
        return handles[found].handle;
    }
    pthread_mutex_unlock(&handles_lock);

    char icu[LOCALE_CAPACITY];
    void *handle = icu_locale(tag, icu) == 0 ? open_handle(kind, skeleton, icu) : NULL;
    if (handle == NULL) return NULL;
    Handle evicted = { .handle = NULL };
    pthread_mutex_lock(&handles_lock);
    found = find_handle(hash, key);   /* another thread may have opened it meanwhile */
    if (found < 0 && (found = free_entry(&evicted)) >= 0) {
        Handle *entry = &handles[found];
        entry->hash = hash;
        strcpy(entry->key, key);
        entry->kind = kind;
        entry->handle = handle;
        entry->users = 0;
        entry->next = buckets[hash % BUCKETS];
        buckets[hash % BUCKETS] = found;
        handle = NULL;
    }
    if (found >= 0) {
        handles[found].users++;
        handles[found].used = ++handle_clock;
        *slot = found;
    }
    void *held = found >= 0 ? handles[found].handle : handle;
    pthread_mutex_unlock(&handles_lock);
    if (evicted.handle != NULL) close_handle(evicted.kind, evicted.handle);
    if (found >= 0 && handle != NULL) close_handle(kind, handle);
    return held;
}

/* Gives back a handle from acquire: a kept one stays open, one that found no room is closed. */
static void release(Kind kind, void *handle, int slot) {
    if (handle == NULL) return;
    if (slot < 0) {
        close_handle(kind, handle);
        return;
    }
    pthread_mutex_lock(&handles_lock);
    handles[slot].users--;
    pthread_mutex_unlock(&handles_lock);
}

/* --- Numbers ------------------------------------------------------------ */

static int32_t fill_number(const void *context, UChar *dest, int32_t capacity, UErrorCode *status) {
    return unumf_resultToString((const UFormattedNumber *)context, dest, capacity, status);
}

/* Formats decimal (if not NULL) or integer with an ASCII number skeleton. */
static int32_t format_skeleton(const char *skeleton, const char *locale, const char *decimal,
                               int64_t integer, char *buffer, int32_t capacity) {
    int slot;
    UNumberFormatter *formatter = acquire(KIND_FORMATTER, skeleton, locale, &slot);
    if (formatter == NULL) return -1;

    UErrorCode status = U_ZERO_ERROR;
    UFormattedNumber *result = unumf_openResult(&status);
    if (U_SUCCESS(status)) {
        if (decimal != NULL) unumf_formatDecimal(formatter, decimal, -1, result, &status);
        else unumf_formatInt(formatter, integer, result, &status);
    }
    int32_t written = U_SUCCESS(status) ? fill_out(fill_number, result, buffer, capacity) : -1;
    if (result != NULL) unumf_closeResult(result);
    release(KIND_FORMATTER, formatter, slot);
    return written;
}

int32_t pwl_format_currency(const char *amount, const char *currency, const char *locale,
                            char *buffer, int32_t capacity) {
    UChar code[4];
    if (!plain_decimal(amount) || currency_code(currency, code) != 0) return -1;
    char skeleton[16] = "currency/";
    u_UCharsToChars(code, skeleton + 9, 4);
    return format_skeleton(skeleton, locale, amount, 0, buffer, capacity);
}

int32_t pwl_format_duration(int64_t count, int32_t unit, int32_t width, const char *locale,
                            char *buffer, int32_t capacity) {
    static const char *const units[] = { "day", "week", "month", "year" };
    static const char *const widths[] = { "full-name", "short", "narrow" };
    if (unit < 0 || unit > 3 || width < 0 || width > 2) return -1;
    char skeleton[64];
    strcpy(skeleton, "measure-unit/duration-");
    strcat(skeleton, units[unit]);
    strcat(skeleton, " unit-width-");
    strcat(skeleton, widths[width]);
    return format_skeleton(skeleton, locale, NULL, count, buffer, capacity);
}

int32_t pwl_format_number(const char *number, const char *locale, char *buffer, int32_t capacity) {
    if (!plain_decimal(number)) return -1;
    return format_skeleton("precision-unlimited", locale, number, 0, buffer, capacity);
}

int32_t pwl_format_percent(int64_t whole_percent, const char *locale,
                           char *buffer, int32_t capacity) {
    return format_skeleton("percent", locale, NULL, whole_percent, buffer, capacity);
}

/* --- Plurals ------------------------------------------------------------ */

typedef struct { const UPluralRules *rules; const UFormattedNumber *number; } PluralContext;

static int32_t fill_plural(const void *context, UChar *dest, int32_t capacity, UErrorCode *status) {
    const PluralContext *plural = context;
    return uplrules_selectFormatted(plural->rules, plural->number, dest, capacity, status);
}

int32_t pwl_plural_category(int64_t count, const char *locale, char *buffer, int32_t capacity) {
    int rules_slot, formatter_slot;
    UPluralRules *rules = acquire(KIND_PLURAL_RULES, "", locale, &rules_slot);
    UNumberFormatter *formatter = rules != NULL ? acquire(KIND_FORMATTER, "", locale, &formatter_slot) : NULL;
    UErrorCode status = U_ZERO_ERROR;
    UFormattedNumber *number = formatter != NULL ? unumf_openResult(&status) : NULL;
    if (number != NULL && U_SUCCESS(status)) unumf_formatInt(formatter, count, number, &status);
    PluralContext context = { rules, number };
    int32_t written = number != NULL && U_SUCCESS(status) ? fill_out(fill_plural, &context, buffer, capacity) : -1;
    if (number != NULL) unumf_closeResult(number);
    if (formatter != NULL) release(KIND_FORMATTER, formatter, formatter_slot);
    if (rules != NULL) release(KIND_PLURAL_RULES, rules, rules_slot);
    return written;
}

/* --- Lists -------------------------------------------------------------- */

typedef struct {
    const UListFormatter *formatter;
    const UChar *const *items;
    const int32_t *lengths;
    int32_t count;
} ListContext;

static int32_t fill_list(const void *context, UChar *dest, int32_t capacity, UErrorCode *status) {
    const ListContext *list = context;
    return ulistfmt_format(list->formatter, list->items, list->lengths, list->count,
                           dest, capacity, status);
}

/* Converts NUL-terminated UTF-8 to a new UTF-16 string (free it); NULL on failure. */
static UChar *utf16_copy(const char *s, int32_t *length) {
    UErrorCode status = U_ZERO_ERROR;
    u_strFromUTF8WithSub(NULL, 0, length, s, -1, 0xFFFD, NULL, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return NULL;
    UChar *copy = malloc(((size_t)*length + 1) * sizeof(UChar));
    if (copy == NULL) return NULL;
    status = U_ZERO_ERROR;
    u_strFromUTF8WithSub(copy, *length + 1, length, s, -1, 0xFFFD, NULL, &status);
    if (U_FAILURE(status)) {
        free(copy);
        return NULL;
    }
    return copy;
}

int32_t pwl_format_list(const char *const *items, int32_t count, const char *locale,
                        char *buffer, int32_t capacity) {
    char icu[LOCALE_CAPACITY];
    if (count < 0 || (count > 0 && items == NULL) || icu_locale(locale, icu) != 0) return -1;
    if (count == 0) return copy_out("", 0, buffer, capacity);

    UChar **strings = calloc((size_t)count, sizeof(UChar *));
    int32_t *lengths = calloc((size_t)count, sizeof(int32_t));
    int ok = strings != NULL && lengths != NULL;
    for (int32_t i = 0; ok && i < count; i++) {
        ok = items[i] != NULL && (strings[i] = utf16_copy(items[i], &lengths[i])) != NULL;
    }
    int32_t written = -1;
    if (ok) {
        UErrorCode status = U_ZERO_ERROR;
        UListFormatter *formatter = ulistfmt_openForType(icu, ULISTFMT_TYPE_AND,
                                                         ULISTFMT_WIDTH_WIDE, &status);
        ListContext context = { formatter, (const UChar *const *)strings, lengths, count };
        if (U_SUCCESS(status)) written = fill_out(fill_list, &context, buffer, capacity);
        if (formatter != NULL) ulistfmt_close(formatter);
    }
    for (int32_t i = 0; strings != NULL && i < count; i++) free(strings[i]);
    free(strings);
    free(lengths);
    return written;
}

/* --- Locales ------------------------------------------------------------ */

typedef struct { const char *locale; const char *display; } NameContext;

static int32_t fill_name(const void *context, UChar *dest, int32_t capacity, UErrorCode *status) {
    const NameContext *name = context;
    return uloc_getDisplayName(name->locale, name->display, dest, capacity, status);
}

int32_t pwl_display_name(const char *locale, const char *display_locale,
                         char *buffer, int32_t capacity) {
    char icu[LOCALE_CAPACITY], display[LOCALE_CAPACITY];
    if (icu_locale(locale, icu) != 0 || icu_locale(display_locale, display) != 0) return -1;
    NameContext context = { icu, display };
    return fill_out(fill_name, &context, buffer, capacity);
}

typedef struct { const char *locale; const UChar *text; int32_t length; } CaseContext;

static int32_t fill_upper(const void *context, UChar *dest, int32_t capacity, UErrorCode *status) {
    const CaseContext *upper = context;
    return u_strToUpper(dest, capacity, upper->text, upper->length, upper->locale, status);
}

int32_t pwl_uppercase(const char *text, const char *locale, char *buffer, int32_t capacity) {
    char icu[LOCALE_CAPACITY];
    if (text == NULL || icu_locale(locale, icu) != 0) return -1;
    int32_t length = 0;
    UChar *utf16 = utf16_copy(text, &length);
    if (utf16 == NULL) return -1;
    CaseContext context = { icu, utf16, length };
    int32_t written = fill_out(fill_upper, &context, buffer, capacity);
    free(utf16);
    return written;
}

int32_t pwl_is_right_to_left(const char *locale) {
    char icu[LOCALE_CAPACITY];
    if (icu_locale(locale, icu) != 0) return -1;
    return uloc_isRightToLeft(icu) ? 1 : 0;
}

int32_t pwl_currency_fraction_digits(const char *currency) {
    UChar code[4];
    if (currency_code(currency, code) != 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t digits = ucurr_getDefaultFractionDigits(code, &status);
    return U_FAILURE(status) ? -1 : digits;
}

int32_t pwl_canonical_language_tag(const char *identifier, char *buffer, int32_t capacity) {
    char icu[LOCALE_CAPACITY], canonical[LOCALE_CAPACITY], tag[LOCALE_CAPACITY];
    if (icu_locale(identifier, icu) != 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    uloc_canonicalize(icu, canonical, LOCALE_CAPACITY, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -1;
    int32_t length = uloc_toLanguageTag(canonical, tag, LOCALE_CAPACITY, 1, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -1;
    return copy_out(tag, length, buffer, capacity);
}

int32_t pwl_likely_region(const char *locale, char *buffer, int32_t capacity) {
    char icu[LOCALE_CAPACITY], maximized[LOCALE_CAPACITY], region[ULOC_COUNTRY_CAPACITY];
    if (icu_locale(locale, icu) != 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    uloc_addLikelySubtags(icu, maximized, LOCALE_CAPACITY, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -1;
    int32_t length = uloc_getCountry(maximized, region, ULOC_COUNTRY_CAPACITY, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length == 0) return -1;
    return copy_out(region, length, buffer, capacity);
}

/* Whether ICU names `code` other than by the code itself (it does that for subtags it does not know). */
static int has_name(const char *code, int32_t (*display)(const char *, const char *, UChar *, int32_t, UErrorCode *),
                    const char *locale) {
    if (code[0] == 0) return 1;
    UChar name[64];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = display(locale, "en", name, 64, &status);
    if (U_FAILURE(status) || length <= 0) return 0;
    UChar raw[16];
    int32_t codeLength = (int32_t)strlen(code);
    if (codeLength >= 16) return 0;
    u_charsToUChars(code, raw, codeLength);
    return !(length == codeLength && u_strncasecmp(name, raw, length, 0) == 0);
}

int32_t pwl_is_known_locale(const char *locale) {
    char icu[LOCALE_CAPACITY], language[16] = "", script[16] = "", region[16] = "";
    if (icu_locale(locale, icu) != 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    uloc_getLanguage(icu, language, sizeof language, &status);
    uloc_getScript(icu, script, sizeof script, &status);
    uloc_getCountry(icu, region, sizeof region, &status);
    if (U_FAILURE(status) || language[0] == 0) return 0;
    return has_name(language, uloc_getDisplayLanguage, icu) && has_name(script, uloc_getDisplayScript, icu)
        && has_name(region, uloc_getDisplayCountry, icu);
}

/* A host name in its ASCII form (UTS #46, nontransitional, as browsers): "bücher.example" -> "xn--bcher-kva.example".
 * Fails on any IDNA error (a disallowed character, a bad label, a bidi rule broken). */
int32_t pwl_idna_to_ascii(const char *name, char *buffer, int32_t capacity) {
    if (!name || !valid_output(buffer, capacity)) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UIDNA *idna = uidna_openUTS46(UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ
                                  | UIDNA_USE_STD3_RULES, &status);
    if (U_FAILURE(status)) return -1;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t length = uidna_nameToASCII_UTF8(idna, name, -1, buffer, capacity, &info, &status);
    uidna_close(idna);
    if (status == U_BUFFER_OVERFLOW_ERROR) return length;
    if (U_FAILURE(status) || info.errors != 0) return -1;
    if (length >= capacity) return length;
    buffer[length] = '\0';
    return length;
}
