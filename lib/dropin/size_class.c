/* Size classes (the class of a size: dropin_private.h): the drop-ins
 * decide once per power-of-two range of a call's bytes, and ORTHO_VERBOSE
 * and ORTHO_REPORT name the ranges. */
#include "dropin/dropin_private.h"

#include <stdio.h>

void ortho__dropin_size_class_text(int size_class, const char *unknown, char *text, size_t len)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (size_class == 0) {
        snprintf(text, len, "%s", unknown);
        return;
    }
    if (size_class == 1) {
        snprintf(text, len, "0 B");
        return;
    }
    int k = size_class - 2; /* [2^k, 2^(k+1)) bytes */
    snprintf(text, len, "[%d %s, %d %s)", 1 << (k % 10), units[k / 10], 1 << ((k + 1) % 10),
             units[(k + 1) / 10]);
}
