/* ICU's C API, found through pkg-config (icu-i18n, which requires icu-uc). No Swift file imports this module
 * (ICU's headers clash with Foundation's): it exists so that the CLocale C target, the one ICU wrapper, gets
 * ICU's include and library paths (Homebrew's icu4c is keg-only; macOS ships no ICU headers). */
#include <unicode/uversion.h>
