#ifndef PAYWALL_BUILD_INFO_H
#define PAYWALL_BUILD_INFO_H

/* The commit the binary was built from ("1a2b3c4d5e6f", with "-modified" when the work tree had changes), or "" when
 * the build was not made by the Makefile (which writes paywall_commit.h into a folder it adds to the include path). */
const char *pwl_build_commit(void);

/* The release version the Makefile built ("1.2.0", from VERSION or a v* tag at HEAD), or "" for any other build. */
const char *pwl_build_version(void);

#endif
