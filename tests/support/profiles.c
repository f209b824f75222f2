/* Model profiles for tests (see profiles.h). */
#include "support/profiles.h"

#include <stdio.h>
#include <stdlib.h>

#ifndef ORTHO_SOURCE_DIR
#define ORTHO_SOURCE_DIR "."
#endif

ortho_model_profile_t test_profile_load(const char *name)
{
    char path[512], msg[ORTHO_MODEL_MSG_MAX];
    ortho_model_profile_t prof = NULL;
    const char *dir = getenv("ORTHO_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/profiles/%s", dir != NULL ? dir : ORTHO_SOURCE_DIR, name);
    if (ortho_model_profile_read(path, &prof, msg) != MPI_SUCCESS)
        printf("\n  %s\n", msg);
    return prof;
}

ortho_model_profile_t test_profile_round_trip(ortho_model_profile_t prof, char **text)
{
    size_t len = 0;
    FILE *mem = open_memstream(text, &len);
    ortho_model_profile_t back = NULL;
    char msg[ORTHO_MODEL_MSG_MAX];
    ortho_model_profile_write_stream(prof, mem);
    fclose(mem);
    mem = fmemopen(*text, len, "r");
    if (ortho_model_profile_read_stream(mem, "round-trip", &back, msg) != MPI_SUCCESS)
        printf("\n  %s\n", msg);
    fclose(mem);
    return back;
}
