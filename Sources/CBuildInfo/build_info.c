#include "paywall_build_info.h"

#if __has_include("paywall_commit.h")
#include "paywall_commit.h"
#endif
#ifndef PAYWALL_COMMIT
#define PAYWALL_COMMIT ""
#endif
#ifndef PAYWALL_VERSION
#define PAYWALL_VERSION ""
#endif

const char *pwl_build_commit(void) { return PAYWALL_COMMIT; }
const char *pwl_build_version(void) { return PAYWALL_VERSION; }
