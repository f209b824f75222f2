/* The library's version at run time (ortho.h): ORTHO_VERSION, which the
 * Makefile's VERSION is read from. */
#include "ortho.h"

const char *ortho_version(void)
{
    return ORTHO_VERSION;
}
