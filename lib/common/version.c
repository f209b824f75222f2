/* The library's run-time version. */
#include "ortho.h"

const char *ortho_version(void)
{
    return ORTHO_VERSION;
}
