/* The library's version at run time (ortho.h): ORTHO_VERSION, which the
 * Makefile's VERSION matches (tests/test_ortho_info.sh compares them). */
#include "ortho.h"

const char *ortho_version(void)
{
    return ORTHO_VERSION;
}
