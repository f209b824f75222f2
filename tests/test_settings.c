/* The ORTHO_* settings (lib/settings): the registry, the one boolean
 * parser, the check of each kind of value and the fallback of an invalid
 * one, ORTHO_SELECT_EXTRAPOLATE=yes accepted with the profile kept, the
 * box a layout makes (what the one-line notices say), and a notice printed
 * once per communicator size. No communication but the verdicts: np 1
 * and 2 (tests/test_settings.sh runs it, then the lines a program prints). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid/grid_private.h"
#include "ortho.h"
#include "select/select_private.h"
#include "settings/settings_private.h"
#include "support/mpi_cunit.h"

/* 1 when value is valid for the setting named name; why filled. */
static int valid(const char *name, const char *value, char *why, int len)
{
    int ok = 0;
    if (ortho_setting_check(ortho_setting_find(name), value, &ok, why, len) != MPI_SUCCESS)
        return -1;
    return ok;
}

/* 1 when value is refused and why contains `expect`. */
static int refused(const char *name, const char *value, const char *expect)
{
    char why[512] = "";
    int v = valid(name, value, why, (int)sizeof why);
    if (v != 0 || strstr(why, expect) == NULL) {
        fprintf(stderr, "\n  %s=\"%s\": valid %d, why \"%s\" (expected \"%s\")", name, value, v,
                why, expect);
        return 0;
    }
    return 1;
}

static int accepted(const char *name, const char *value)
{
    char why[512] = "";
    int v = valid(name, value, why, (int)sizeof why);
    if (v != 1 || why[0] != '\0') {
        fprintf(stderr, "\n  %s=\"%s\": valid %d, why \"%s\"", name, value, v, why);
        return 0;
    }
    return 1;
}

static void test_registry(void)
{
    int ok = ortho_setting_count() == ORTHO__SETTING_COUNT, seen_report = 0;
    ortho_setting_info s;
    for (int i = 0; i < ortho_setting_count(); i++) {
        ok &= ortho_setting_get_info(i, &s) == MPI_SUCCESS;
        ok &= strncmp(s.name, "ORTHO_", 6) == 0 && ortho_setting_find(s.name) == i;
        ok &= s.default_text[0] != '\0' && s.accepted[0] != '\0' && strlen(s.meaning) > 20;
        /* the Markdown table of README.md: no column separator inside */
        ok &= strchr(s.default_text, '|') == NULL && strchr(s.accepted, '|') == NULL &&
              strchr(s.meaning, '|') == NULL;
        seen_report |= strcmp(s.name, "ORTHO_REPORT") == 0;
    }
    ok &= seen_report && ortho_setting_find("ORTHO_NOPE") == -1 && ortho_setting_find(NULL) == -1;
    ok &= ortho_setting_get_info(-1, &s) == MPI_ERR_ARG &&
          ortho_setting_get_info(ORTHO__SETTING_COUNT, &s) == MPI_ERR_ARG &&
          ortho_setting_get_info(0, NULL) == MPI_ERR_ARG;
    int v;
    ok &= ortho_setting_check(-1, "1", &v, NULL, 0) == MPI_ERR_ARG;
    ok &= ortho_setting_value(-1) == NULL;
    setenv("ORTHO_GRID", "", 1);
    ok &= ortho_setting_value(ortho_setting_find("ORTHO_GRID")) == NULL; /* empty: unset */
    setenv("ORTHO_GRID", "4x2", 1);
    ok &= strcmp(ortho_setting_value(ortho_setting_find("ORTHO_GRID")), "4x2") == 0;
    unsetenv("ORTHO_GRID");
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void test_bool_parser(void)
{
    static const char *const on[] = {"1", "yes", "YES", "true", "True", "on", "ON", " on "};
    static const char *const off[] = {"0", "no", "No", "false", "FALSE", "off", "Off", "\t0\n"};
    static const char *const bad[] = {"", " ", "2", "-1", "y", "n", "yes!", "onn", "enable",
                                      "1.0", "o n", "truee"};
    int ok = 1, v;
    for (size_t i = 0; i < sizeof on / sizeof on[0]; i++)
        ok &= ortho_setting_parse_bool(on[i], &v) == MPI_SUCCESS && v == 1;
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++)
        ok &= ortho_setting_parse_bool(off[i], &v) == MPI_SUCCESS && v == 0;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        v = 7;
        ok &= ortho_setting_parse_bool(bad[i], &v) == MPI_ERR_ARG && v == 7;
    }
    ok &= ortho_setting_parse_bool(NULL, &v) == MPI_ERR_ARG &&
          ortho_setting_parse_bool("1", NULL) == MPI_ERR_ARG;
    /* every boolean setting takes every word */
    ok &= accepted("ORTHO_VERBOSE", "yes") && accepted("ORTHO_ADAPT", "off") &&
          accepted("ORTHO_SELECT_EXTRAPOLATE", "yes") &&
          accepted("ORTHO_SELECT_EXTRAPOLATE", "True");
    ok &= refused("ORTHO_SELECT_EXTRAPOLATE", "maybe", "is not a boolean (1/0, yes/no");
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void test_numbers(void)
{
    int ok = 1;
    ok &= accepted("ORTHO_ADAPT_CANDIDATES", "0") && accepted("ORTHO_ADAPT_CANDIDATES", "8") &&
          accepted("ORTHO_ADAPT_CANDIDATES", " 5 ");
    ok &= refused("ORTHO_ADAPT_CANDIDATES", "9", "is not an integer in [0, 8]") &&
          refused("ORTHO_ADAPT_CANDIDATES", "2.5", "is not an integer") &&
          refused("ORTHO_ADAPT_CANDIDATES", "-1", "is not an integer") &&
          refused("ORTHO_ADAPT_CANDIDATES", "3x", "is not an integer") &&
          refused("ORTHO_ADAPT_CANDIDATES", "5%", "is not an integer");
    ok &= accepted("ORTHO_ADAPT_MARGIN", "0.1") && accepted("ORTHO_ADAPT_MARGIN", "10%") &&
          refused("ORTHO_ADAPT_MARGIN", "95%", "is not a number in [0, 0.9]") &&
          refused("ORTHO_ADAPT_MARGIN", "nan", "is not a number");
    ok &= accepted("ORTHO_SELECT_THRESHOLD", "5%") &&
          refused("ORTHO_SELECT_THRESHOLD", "1", "[0, 0.99]");
    ok &= accepted("ORTHO_MAX_COMMS", "0") && refused("ORTHO_MAX_COMMS", "1e7", "[0, 1000000]");
    /* read: a valid value, else the default */
    setenv("ORTHO_ADAPT_CANDIDATES", "5", 1);
    ok &= ortho__setting_number(ORTHO__SETTING_ADAPT_CANDIDATES, 1) == 5.0;
    setenv("ORTHO_ADAPT_CANDIDATES", "12", 1);
    ok &= ortho__setting_number(ORTHO__SETTING_ADAPT_CANDIDATES, 1) == 3.0;
    unsetenv("ORTHO_ADAPT_CANDIDATES");
    ok &= ortho__setting_number(ORTHO__SETTING_ADAPT_CANDIDATES, 1) == 3.0;
    setenv("ORTHO_ADAPT_MARGIN", "10%", 1);
    ok &= fabs(ortho__setting_number(ORTHO__SETTING_ADAPT_MARGIN, 1) - 0.1) < 1e-15;
    unsetenv("ORTHO_ADAPT_MARGIN");
    setenv("ORTHO_VERBOSE", "Yes", 1);
    ok &= ortho__setting_bool(ORTHO__SETTING_VERBOSE, 1) == 1;
    setenv("ORTHO_VERBOSE", "no", 1);
    ok &= ortho__setting_bool(ORTHO__SETTING_VERBOSE, 1) == 0;
    setenv("ORTHO_VERBOSE", "banana", 1);
    ok &= ortho__setting_bool(ORTHO__SETTING_VERBOSE, 1) == 0;
    unsetenv("ORTHO_VERBOSE");
    setenv("ORTHO_ADAPT", "banana", 1);
    ok &= ortho__setting_bool(ORTHO__SETTING_ADAPT, 1) == 1; /* its default: on */
    setenv("ORTHO_ADAPT", "OFF", 1);
    ok &= ortho__setting_bool(ORTHO__SETTING_ADAPT, 1) == 0;
    unsetenv("ORTHO_ADAPT");
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void test_layouts_and_variants(void)
{
    int ok = 1;
    ok &= accepted("ORTHO_GRID", "8x12") && accepted("ORTHO_GRID", "native") &&
          accepted("ORTHO_GRID", " 4X2 ") && accepted("ORTHO_GRID", "0x5");
    ok &= refused("ORTHO_GRID", "4x", "is not a layout (examples: 8x12") &&
          refused("ORTHO_GRID", "8*12", "is not a layout");
    ok &= accepted("ORTHO_VARIANT", "rsag:node") &&
          accepted("ORTHO_VARIANT", "allgather=pipe:node, reduce=native");
    ok &= refused("ORTHO_VARIANT", "allgather=pipe,allgather=native", "names allgather twice") &&
          refused("ORTHO_VARIANT", "allgathr=pipe", "\"allgathr\" is not an operation") &&
          refused("ORTHO_VARIANT", "allgather=pipx", "\"pipx\" is not a candidate for allgather") &&
          refused("ORTHO_VARIANT", "rsag,pipe", "two candidates for every operation (rsag and "
                                                "pipe)") &&
          refused("ORTHO_VARIANT", "bogus", "\"bogus\" is not a candidate") &&
          refused("ORTHO_VARIANT", ",,", "names no candidate");
    /* the parser itself: a duplicate is malformed, nothing set */
    ortho_candidate cands[ORTHO_OP_COUNT];
    int set[ORTHO_OP_COUNT];
    ok &= ortho__parse_variant_env("allgather=pipe,allgather=native", cands, set) ==
              ORTHO_ENV_MALFORMED &&
          !set[ORTHO_OP_ALLGATHER];
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void test_files(void)
{
    int ok = 1;
    ok &= accepted("ORTHO_PROFILE", "profiles/paper-xeon-scampi.profile");
    ok &= refused("ORTHO_PROFILE", "/nonexistent/x.profile", "cannot be used: ") &&
          refused("ORTHO_PROFILE", "README.md", "cannot be used: README.md:");
    ok &= accepted("ORTHO_PROFILE_SAVE", "/tmp/ortho-test-settings.profile") &&
          accepted("ORTHO_PROFILE_SAVE", "here.profile");
    ok &= refused("ORTHO_PROFILE_SAVE", "/nonexistent/dir/x.profile",
                  "cannot be written: folder /nonexistent/dir: No such file or directory");
    ok &= accepted("ORTHO_REPORT", "1") && accepted("ORTHO_REPORT", "off") &&
          accepted("ORTHO_REPORT", "/tmp/ortho-report.txt");
    ok &= refused("ORTHO_REPORT", "/nonexistent/report.txt", "cannot be written: folder");
    setenv("ORTHO_REPORT", "/tmp/ortho-report.txt", 1);
    ok &= ortho__setting_bool(ORTHO__SETTING_REPORT, 1) == 1; /* a file: on */
    setenv("ORTHO_REPORT", "no", 1);
    ok &= ortho__setting_bool(ORTHO__SETTING_REPORT, 1) == 0;
    unsetenv("ORTHO_REPORT");
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* ORTHO_SELECT_EXTRAPOLATE=yes is taken (it used to discard the
 * profile); an invalid value or threshold keeps the profile and the
 * default. */
static void test_extrapolate_accepted(void)
{
    static const struct {
        const char *extrapolate, *threshold;
        int expect_extrapolate;
        double expect_threshold;
    } cases[] = {{"yes", NULL, 1, 0.03}, {"ON", "5%", 1, 0.05}, {"maybe", NULL, 0, 0.03},
                 {"0", "2", 0, 0.03}, {"1", NULL, 1, 0.03}};
    int ok = 1, rank = ortho_test_world_rank();
    setenv("ORTHO_PROFILE", "profiles/paper-xeon-scampi.profile", 1);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *why = "";
        unsigned long long hash = 0;
        setenv("ORTHO_SELECT_EXTRAPOLATE", cases[i].extrapolate, 1);
        if (cases[i].threshold != NULL)
            setenv("ORTHO_SELECT_THRESHOLD", cases[i].threshold, 1);
        else
            unsetenv("ORTHO_SELECT_THRESHOLD");
        ortho__select_env_reset();
        int good = ortho__select_env_state(rank, &why, &hash) == ORTHO__SELECT_ACTIVE;
        ortho_select_t sel = ortho__select_env();
        good &= sel != NULL && sel->opts.extrapolate == cases[i].expect_extrapolate &&
                fabs(sel->opts.threshold - cases[i].expect_threshold) < 1e-12;
        if (!good)
            fprintf(stderr, "\n  ORTHO_SELECT_EXTRAPOLATE=%s ORTHO_SELECT_THRESHOLD=%s: %s",
                    cases[i].extrapolate, cases[i].threshold ? cases[i].threshold : "(unset)",
                    why);
        ok &= good;
    }
    unsetenv("ORTHO_PROFILE");
    unsetenv("ORTHO_SELECT_EXTRAPOLATE");
    unsetenv("ORTHO_SELECT_THRESHOLD");
    ortho__select_env_reset();
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* The box of a layout, as the grid makes it: what the notices compare. */
static void test_layout_box(void)
{
    static const struct {
        int size, ndims, asked[3], dims[3], nrows, last;
    } cases[] = {
        {4, 2, {0, 5}, {1, 5}, 1, 4},        /* one row: one phase */
        {50, 2, {8, 12}, {5, 12}, 5, 2},     /* first extent recomputed */
        {97, 3, {4, 4, 6}, {5, 4, 6}, 17, 1},
        {12, 2, {2, 8}, {2, 8}, 2, 4},       /* kept, a short last row */
        {12, 2, {0, 0}, {4, 3}, 4, 3},       /* balanced */
        {6, 1, {6}, {6}, 1, 6},              /* one extent */
    };
    int ok = 1;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int dims[ORTHO_GRID_MAX_DIMS], nrows = 0, last = 0;
        int good = ortho__grid_box(cases[i].size, cases[i].ndims, cases[i].asked, dims, &nrows,
                                   &last) == MPI_SUCCESS &&
                   nrows == cases[i].nrows && last == cases[i].last;
        for (int d = 0; good && d < cases[i].ndims; d++)
            good &= dims[d] == cases[i].dims[d];
        if (!good)
            fprintf(stderr, "\n  box case %zu: nrows %d last %d", i, nrows, last);
        ok &= good;
    }
    int dims[ORTHO_GRID_MAX_DIMS], nrows, last, neg[2] = {-1, 2};
    ok &= ortho__grid_box(4, 2, neg, dims, &nrows, &last) != MPI_SUCCESS;
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void test_notice_once(void)
{
    int ok = 1;
    ortho__setting_messages_reset();
    ok &= ortho__setting_first_notice(ORTHO__SETTING_GRID, 4, "0x5") == 1;
    ok &= ortho__setting_first_notice(ORTHO__SETTING_GRID, 4, "0x5") == 0;
    ok &= ortho__setting_first_notice(ORTHO__SETTING_GRID, 5, "0x5") == 1;
    ok &= ortho__setting_first_notice(ORTHO__SETTING_VARIANT, 4, "0x5") == 1;
    ok &= ortho__setting_first_notice(ORTHO__SETTING_VARIANT, 4, "allgather") == 1;
    ok &= ortho__setting_first_notice(ORTHO__SETTING_VARIANT, 4, "allgather") == 0;
    ortho__setting_messages_reset();
    ok &= ortho__setting_first_notice(ORTHO__SETTING_GRID, 4, "0x5") == 1;
    ortho__setting_messages_reset();
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("settings: registry and values", NULL, NULL);
    CU_add_test(s, "the registry", test_registry);
    CU_add_test(s, "the boolean parser", test_bool_parser);
    CU_add_test(s, "numbers and their defaults", test_numbers);
    CU_add_test(s, "layouts and variant lists", test_layouts_and_variants);
    CU_add_test(s, "files", test_files);
    s = CU_add_suite("settings: in the library", NULL, NULL);
    CU_add_test(s, "ORTHO_SELECT_EXTRAPOLATE=yes keeps the profile", test_extrapolate_accepted);
    CU_add_test(s, "the box of a layout", test_layout_box);
    CU_add_test(s, "a notice once per communicator size", test_notice_once);
}

int main(int argc, char **argv)
{
    return ortho_test_main(argc, argv, add_suites);
}
