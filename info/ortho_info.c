/* ortho-info: what this installation of ortho is and how it is set, in
 * the spirit of Open MPI's ompi_info: the library's version, the MPI it
 * was built with and runs on, every ORTHO_* setting (meaning, default,
 * current value, valid or why not), the nodes it detects under mpiexec,
 * and with --profile a profile's summary and decision table.
 *
 *   ortho-info [--profile FILE] [--procs P]
 *   mpiexec -n 8 ortho-info            also the node layout of the 8 processes
 *   ortho-info --settings-markdown     the settings as README.md's table
 *
 * Uses the public headers only. Rank 0 prints; every rank exits alike. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho.h"

struct options {
    const char *profile;
    int procs;
};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: ortho-info [--profile FILE] [--procs P]\n"
            "       ortho-info --settings-markdown | --version | --help\n"
            "\n"
            "Prints the library's version, the MPI it was built with and runs on, every\n"
            "ORTHO_* setting (meaning, default, current value and whether it is valid) and,\n"
            "under mpiexec with several processes, the shared-memory nodes detected.\n"
            "\n"
            "  --profile FILE       also the profile's summary and its decisions per\n"
            "                       operation and process count (default: none)\n"
            "  --procs P            with --profile: also what the profile's model picks\n"
            "                       for P processes, 2 to 1000000 (default: the number of\n"
            "                       processes when 2 or more, else none)\n"
            "  --settings-markdown  the settings as a Markdown table (README.md's)\n"
            "  --version            the version, then exit\n"
            "  --help               this text, then exit\n"
            "\n"
            "Exit status: 0; 1 when a setting's value or the profile is invalid; 2 for a\n"
            "bad option.\n");
}

/* 0, 1 (done: --help, --version, --settings-markdown printed) or 2. */
static int parse(int argc, char **argv, struct options *o, int *markdown)
{
    static const struct option longs[] = {
        {"profile", required_argument, NULL, 'p'},
        {"procs", required_argument, NULL, 'n'},
        {"settings-markdown", no_argument, NULL, 'm'},
        {"version", no_argument, NULL, 'V'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", longs, NULL)) != -1) {
        char *end = NULL;
        long v;
        switch (c) {
        case 'p':
            o->profile = optarg;
            break;
        case 'n':
            v = strtol(optarg, &end, 10);
            if (end == optarg || *end != '\0' || v < 2 || v > 1000000) {
                fprintf(stderr, "ortho-info: --procs '%s': a whole number from 2 to 1000000 "
                                "expected\n", optarg);
                return 2;
            }
            o->procs = (int)v;
            break;
        case 'm':
            *markdown = 1;
            break;
        case 'V':
            printf("ortho-info (ortho) %s\n", ortho_version());
            return 1;
        case 'h':
            usage(stdout);
            return 1;
        case ':':
            fprintf(stderr, "ortho-info: %s needs a value (ortho-info --help)\n",
                    argv[optind - 1]);
            return 2;
        default:
            fprintf(stderr, "ortho-info: unknown option '%s' (ortho-info --help)\n",
                    argv[optind - 1]);
            return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "ortho-info: unexpected argument '%s' (ortho-info --help)\n",
                argv[optind]);
        return 2;
    }
    return 0;
}

/* The registry as a Markdown table: README.md holds exactly this. */
static void settings_markdown(void)
{
    printf("| Variable | Default | Accepted | Meaning |\n|---|---|---|---|\n");
    for (int i = 0; i < ortho_setting_count(); i++) {
        ortho_setting_info s;
        ortho_setting_get_info(i, &s);
        printf("| `%s` | %s | %s | %s |\n", s.name, s.default_text, s.accepted, s.meaning);
    }
}

/* text after `label`, folded at 100 columns under an indent of 14. */
static void folded(const char *label, const char *text)
{
    int col = printf("    %-10s", label);
    const char *w = text;
    while (*w != '\0') {
        size_t n = strcspn(w, " ");
        if (col + 1 + (int)n > 100 && col > 14)
            col = printf("\n%14s", "") - 1;
        col += printf(" %.*s", (int)n, w);
        w += n;
        while (*w == ' ')
            w++;
    }
    printf("\n");
}

/* What the library does with an invalid value of s. */
static void if_invalid(const ortho_setting_info *s, char *text, size_t len)
{
    switch (s->kind) {
    case ORTHO_SETTING_LAYOUT:
    case ORTHO_SETTING_CANDIDATES:
        snprintf(text, len, "the native MPI collectives run");
        break;
    case ORTHO_SETTING_PROFILE:
        snprintf(text, len, "the profile is not used");
        break;
    case ORTHO_SETTING_OUTPUT:
    case ORTHO_SETTING_REPORT:
        snprintf(text, len, "nothing is written there");
        break;
    default:
        snprintf(text, len, "the default %s is used", s->default_text);
    }
}

/* Every setting; returns how many have an invalid value. */
static int settings(void)
{
    int invalid = 0;
    printf("\nSettings (environment variables; README.md, \"Settings\"):\n");
    for (int i = 0; i < ortho_setting_count(); i++) {
        ortho_setting_info s;
        char why[512], value[700], instead[96];
        int valid = 1;
        const char *v = ortho_setting_value(i);
        ortho_setting_get_info(i, &s);
        ortho_setting_check(i, v, &valid, why, (int)sizeof why);
        if (v == NULL)
            snprintf(value, sizeof value, "unset (the default applies)");
        else if (valid)
            snprintf(value, sizeof value, "\"%s\" (valid)", v);
        else
            if_invalid(&s, instead, sizeof instead);
        if (v != NULL && !valid)
            snprintf(value, sizeof value, "\"%s\" INVALID: %s; %s", v, why, instead);
        invalid += !valid;
        printf("  %s\n", s.name);
        folded("value:", value);
        folded("default:", s.default_text);
        folded("accepted:", s.accepted);
        folded("meaning:", s.meaning);
    }
    return invalid;
}

static void mpi_versions(void)
{
    char lib[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0, major = 0, minor = 0;
#if defined(MPICH_VERSION)
    printf("built with:  MPICH %s (MPI %d.%d headers)\n", MPICH_VERSION, MPI_VERSION,
           MPI_SUBVERSION);
#elif defined(OMPI_MAJOR_VERSION)
    printf("built with:  Open MPI %d.%d.%d (MPI %d.%d headers)\n", OMPI_MAJOR_VERSION,
           OMPI_MINOR_VERSION, OMPI_RELEASE_VERSION, MPI_VERSION, MPI_SUBVERSION);
#else
    printf("built with:  an MPI of standard %d.%d\n", MPI_VERSION, MPI_SUBVERSION);
#endif
    MPI_Get_library_version(lib, &len);
    MPI_Get_version(&major, &minor);
    lib[strcspn(lib, "\n")] = '\0';
    for (char *t = strchr(lib, '\t'); t != NULL; t = strchr(t, '\t'))
        *t = ' ';
    printf("running on:  %s (MPI %d.%d)\n", lib, major, minor);
}

/* The nodes of MPI_COMM_WORLD (collective), printed by rank 0. */
static void nodes(int rank, int size)
{
    ortho_grid_nodes n;
    if (size < 2) {
        if (rank == 0)
            printf("processes:   1 (run under mpiexec -n P for the node layout)\n");
        return;
    }
    if (ortho_grid_nodes_query(MPI_COMM_WORLD, &n) != MPI_SUCCESS || rank != 0)
        return;
    printf("processes:   %d\n", size);
    if (n.min_size == n.max_size)
        printf("nodes:       %d node%s of %d process%s", n.nnodes, n.nnodes == 1 ? "" : "s",
               n.max_size, n.max_size == 1 ? "" : "es");
    else
        printf("nodes:       %d nodes of %d to %d processes", n.nnodes, n.min_size, n.max_size);
    printf(", ranks %s\n", n.consecutive ? "in consecutive blocks per node"
                                         : "not in consecutive blocks (e.g. round-robin)");
    printf("node-aware:  %s\n", n.rows_of_nodes ? "rows of nodes (ortho_grid_create_nodes)"
                                                : "no rows of nodes here: plain grids");
}

static void size_text(double b, char *text, int len)
{
    if (isinf(b))
        snprintf(text, (size_t)len, "inf");
    else
        ortho_model_size_text(b, text, len);
}

/* The measured decisions, grouped by (op, p) as the profile keeps them. */
static void decisions(ortho_model_profile_t prof)
{
    int nd = 0;
    ortho_model_profile_ndecisions(prof, &nd);
    if (nd == 0) {
        printf("decisions:   none (no ortho-tune run): the model decides\n");
        return;
    }
    printf("decisions (measured by ortho-tune), per operation and process count:\n");
    for (int op = 0; op < ORTHO_OP_COUNT; op++) {
        int last_p = -1;
        for (int i = 0; i < nd; i++) {
            ortho_model_decision d;
            char lo[32], hi[32], name[ORTHO_CANDIDATE_NAME_MAX], gain[32] = "";
            ortho_model_profile_decision(prof, i, &d);
            if ((int)d.op != op)
                continue;
            if (d.p != last_p)
                printf("  %s p=%d:\n", ortho_op_word(d.op), d.p);
            last_p = d.p;
            size_text(d.size_lo, lo, (int)sizeof lo);
            size_text(d.size_hi, hi, (int)sizeof hi);
            if (ortho_candidate_name(&d.cand, name, (int)sizeof name) != MPI_SUCCESS)
                snprintf(name, sizeof name, "?");
            if (d.gain != 0.0)
                snprintf(gain, sizeof gain, "  (speedup %.2fx)", 1.0 / (1.0 - d.gain));
            int pad = 24 - (int)(strlen(lo) + strlen(hi));
            printf("    [%s, %s)%*s%s%s\n", lo, hi, pad > 1 ? pad : 1, "", name, gain);
        }
    }
}

/* What the profile's selector picks for p processes at a few sizes. */
static void picks(ortho_model_profile_t prof, int p)
{
    static const double sizes[] = {1024, 16384, 262144, 4194304};
    ortho_select_t sel = NULL;
    if (ortho_select_create(prof, NULL, &sel) != MPI_SUCCESS)
        return;
    printf("what it picks for p=%d (a decision, else the model):\n  %-11s", p, "size:");
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        char b[32];
        ortho_model_size_text(sizes[k], b, (int)sizeof b);
        printf(k + 1 < sizeof sizes / sizeof sizes[0] ? "%-19s" : "%s\n", b);
    }
    for (int op = 0; op < ORTHO_OP_COUNT; op++) {
        if (op == ORTHO_OP_GATHERV || op == ORTHO_OP_SCATTERV)
            continue;
        printf("  %-11s", ortho_op_word((ortho_op)op));
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            ortho_candidate c;
            char name[ORTHO_CANDIDATE_NAME_MAX];
            ortho_select_choose(sel, (ortho_op)op, p, 0, sizes[k], &c, NULL);
            if (ortho_candidate_name(&c, name, (int)sizeof name) != MPI_SUCCESS)
                snprintf(name, sizeof name, "?");
            printf(k + 1 < sizeof sizes / sizeof sizes[0] ? "%-18s " : "%s\n", name);
        }
    }
    ortho_select_free(&sel);
}

/* The profile's summary and decisions; 0, or 1 when it cannot be read. */
static int profile(const char *path, int p)
{
    char msg[ORTHO_MODEL_MSG_MAX];
    ortho_model_profile_t prof = NULL;
    int ne = 0, nd = 0, nc = 0;
    printf("\nProfile %s:\n", path);
    if (ortho_model_profile_read(path, &prof, msg) != MPI_SUCCESS) {
        printf("  cannot be used: %s\n", msg);
        return 1;
    }
    ortho_model_profile_nentries(prof, &ne);
    ortho_model_profile_ndecisions(prof, &nd);
    ortho_model_profile_ncurves(prof, &nc);
    printf("machine:     %s\n", ortho_model_profile_machine(prof)[0] != '\0'
                                    ? ortho_model_profile_machine(prof) : "(not named)");
    printf("contents:    %d runtime functions, %d decisions, %d measured curves\n", ne, nd, nc);
    for (int i = 0; i < ne; i++) {
        ortho_model_entry e;
        ortho_model_form_info f;
        ortho_model_profile_entry(prof, i, &e);
        ortho_model_form_info_get(e.form, &f);
        printf("  %-10s %s\n", ortho_model_op_name(e.op), f.name);
    }
    decisions(prof);
    if (p >= 2)
        picks(prof, p);
    ortho_model_profile_free(&prof);
    return 0;
}

int main(int argc, char **argv)
{
    struct options o = {NULL, 0};
    int markdown = 0, rank = 0, size = 1, bad = 0;
    int rc = parse(argc, argv, &o, &markdown);
    if (rc != 0)
        return rc == 1 ? 0 : 2;
    if (markdown) {
        settings_markdown();
        return 0;
    }
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        printf("ortho:       %s (compiled against %s)\n", ortho_version(), ORTHO_VERSION);
        mpi_versions();
    }
    nodes(rank, size);
    if (rank == 0) {
        bad = settings() > 0;
        if (o.profile != NULL)
            bad |= profile(o.profile, o.procs > 0 ? o.procs : size);
        fflush(stdout);
    }
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return bad;
}
