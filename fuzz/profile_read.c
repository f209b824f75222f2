/* libFuzzer target: the profile reader (lib/model/profile_read.c) on any
 * bytes, read from memory as ORTHO_PROFILE reads them (fmemopen and
 * ortho_model_profile_read_stream, which, as the whole model, never
 * raises). Besides crashes, leaks, UB and hangs (the sanitizers), it
 * checks:
 *  - a read succeeds with a profile, or fails with none and a message
 *    "fuzz.profile:LINE: ..." naming a line (LINE >= 1);
 *  - the reader never raises an MPI error (it runs inside the drop-ins'
 *    calls, where MPI_COMM_SELF's handler may be fatal): MPI is initialised
 *    once and MPI_COMM_SELF's handler aborts;
 *  - what reads is written (version 3), reads back, and is written again
 *    as the same text (the writer's fixed point). */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho_model.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *__lsan_default_suppressions(void);

/* What MPI_Init allocates and MPICH (with UCX) never frees: not ours. */
const char *__lsan_default_suppressions(void)
{
    return "leak:libucs.so\nleak:libuct.so\nleak:libucp.so\nleak:libmpich.so\n";
}

static void raised(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    fprintf(stderr, "profile_read: the reader raised MPI error %d\n", *code);
    abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    MPI_Errhandler eh;
    MPI_Init(argc, argv);
    MPI_Comm_create_errhandler(raised, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, eh);
    return 0;
}

/* Reads len bytes of text (a writable copy, as fmemopen wants). */
static int read_text(const char *text, size_t len, ortho_model_profile_t *prof, char *msg)
{
    char *copy = malloc(len + 1);
    FILE *in = NULL;
    int err = MPI_ERR_NO_MEM;
    *prof = NULL;
    msg[0] = '\0';
    if (copy == NULL)
        return err;
    memcpy(copy, text, len);
    in = len > 0 ? fmemopen(copy, len, "r") : fopen("/dev/null", "r");
    if (in != NULL) {
        err = ortho_model_profile_read_stream(in, "fuzz.profile", prof, msg);
        fclose(in);
    }
    free(copy);
    return err;
}

/* The text ortho_model_profile_write_stream writes for prof (the caller frees it). */
static char *write_text(ortho_model_profile_t prof, size_t *len)
{
    char *text = NULL;
    FILE *out = open_memstream(&text, len);
    if (out == NULL)
        abort();
    if (ortho_model_profile_write_stream(prof, out) != MPI_SUCCESS) {
        fprintf(stderr, "profile_read: a profile that was read cannot be written\n");
        abort();
    }
    fclose(out);
    return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char msg[ORTHO_MODEL_MSG_MAX];
    ortho_model_profile_t prof = NULL, back = NULL;
    char *t1 = NULL, *t2 = NULL;
    size_t n1 = 0, n2 = 0;
    int line = 0, err = read_text((const char *)data, size, &prof, msg);
    if (err != MPI_SUCCESS) {
        if (prof != NULL || sscanf(msg, "fuzz.profile:%d: ", &line) != 1 || line < 1) {
            fprintf(stderr, "profile_read: error %d with message \"%s\"\n", err, msg);
            abort();
        }
        return 0;
    }
    if (prof == NULL)
        abort();
    t1 = write_text(prof, &n1);
    if (read_text(t1, n1, &back, msg) != MPI_SUCCESS) {
        fprintf(stderr, "profile_read: the written profile does not read back: %s\n--\n%s--\n",
                msg, t1);
        abort();
    }
    t2 = write_text(back, &n2);
    if (n1 != n2 || memcmp(t1, t2, n1) != 0) {
        fprintf(stderr, "profile_read: written twice, two texts:\n--\n%s--\n%s--\n", t1, t2);
        abort();
    }
    free(t1);
    free(t2);
    ortho_model_profile_free(&back);
    ortho_model_profile_free(&prof);
    return 0;
}
