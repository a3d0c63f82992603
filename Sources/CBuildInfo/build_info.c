#include "paywall_build_info.h"

#if __has_include("paywall_commit.h")
#include "paywall_commit.h"
#endif
#ifndef PAYWALL_COMMIT
#define PAYWALL_COMMIT ""
#endif

const char *pwl_build_commit(void) { return PAYWALL_COMMIT; }
